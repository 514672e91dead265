/**
 * Tabs on static pages (decision 010), the WAI-ARIA pattern with automatic activation, as Radix
 * Tabs did: in a `[role="tablist"]`, each `[role="tab"]` controls the `[role="tabpanel"]` named by
 * its `aria-controls`. A click or ←/→/Home/End selects a tab: `aria-selected`, `data-state`
 * (`active` / `inactive`, which the styles read), a roving `tabindex`, and the panels' `hidden`.
 * The server renders the first tab selected.
 */

function select(tabs: HTMLElement[], chosen: HTMLElement): void {
  for (const tab of tabs) {
    const isChosen = tab === chosen
    tab.setAttribute('aria-selected', String(isChosen))
    tab.dataset.state = isChosen ? 'active' : 'inactive'
    tab.tabIndex = isChosen ? 0 : -1
    const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '')
    if (panel) {
      panel.hidden = !isChosen
      panel.dataset.state = tab.dataset.state
    }
  }
}

/** Wires every tab list of the page. */
export function enhanceTabs(): void {
  for (const list of document.querySelectorAll<HTMLElement>('[role="tablist"]')) {
    const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')]
    list.addEventListener('click', (event) => {
      const tab = event.target instanceof Element ? event.target.closest<HTMLElement>('[role="tab"]') : null
      if (tab) select(tabs, tab)
    })
    list.addEventListener('keydown', (event) => {
      const current = tabs.indexOf(event.target as HTMLElement)
      if (current < 0) return
      const next =
        event.key === 'ArrowRight'
          ? (current + 1) % tabs.length
          : event.key === 'ArrowLeft'
            ? (current - 1 + tabs.length) % tabs.length
            : event.key === 'Home'
              ? 0
              : event.key === 'End'
                ? tabs.length - 1
                : -1
      const tab = tabs[next]
      if (!tab) return
      event.preventDefault()
      select(tabs, tab)
      tab.focus()
    })
  }
}
