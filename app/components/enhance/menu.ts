/**
 * The header's menu toggle on static pages (public spec §2 header: under 768 px the menu hides
 * behind a button), on the markup `SiteHeader` renders: the button flips `aria-expanded`, its
 * label (`Ouvrir le menu` / `Fermer le menu`), its icon, and the mobile menu's `hidden`.
 */
export function enhanceMenu(): void {
  const toggle = document.querySelector<HTMLButtonElement>('button[aria-controls="menu-mobile"]')
  const menu = document.getElementById('menu-mobile')
  if (!toggle || !menu) return
  toggle.addEventListener('click', () => {
    const isOpen = toggle.getAttribute('aria-expanded') !== 'true'
    toggle.setAttribute('aria-expanded', String(isOpen))
    toggle.setAttribute('aria-label', isOpen ? 'Fermer le menu' : 'Ouvrir le menu')
    menu.hidden = !isOpen
    for (const icon of toggle.querySelectorAll('[data-icon]')) {
      icon.classList.toggle('hidden', (icon.getAttribute('data-icon') === 'close') !== isOpen)
    }
  })
}
