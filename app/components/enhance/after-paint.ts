/**
 * Runs `task` once the page has loaded (its eager images, the largest paint among them, are in)
 * and a frame has been painted since: what is not needed for the first view (web fonts, embedded
 * players) then starts without competing with it (decision 010). `load` can come before the first
 * paint; two animation frames later that paint is on screen.
 */
export function afterFirstPaint(task: () => void): void {
  const afterNextPaint = () => requestAnimationFrame(() => requestAnimationFrame(task))
  if (document.readyState === 'complete') afterNextPaint()
  else window.addEventListener('load', afterNextPaint, { once: true })
}
