/**
 * The one script of static pages (decision 010): small behaviours in plain DOM code, each waking
 * on the markup its component renders, so that a page showing content needs no React in the
 * browser. Built by scripts/build-server.mjs into a hashed, minified asset that the root document
 * loads with `defer` on static pages only; served from source by Vite in development.
 */
import { enhanceCharacterCounts } from './character-count'
import { enhanceDialogs } from './dialog'
import { loadWebFonts } from './fonts'
import { enhanceForms } from './form'
import { loadDeferredFrames } from './frames'
import { enhanceGalleries } from './gallery'
import { enhanceMenu } from './menu'
import { loadProofOfWorkWhenAsked } from './proof-of-work'
import { enhanceShareButtons } from './share'
import { enhanceTabs } from './tabs'
import { showRequestedToasts } from './toast'

loadWebFonts()
loadDeferredFrames()
enhanceMenu()
enhanceDialogs()
enhanceGalleries()
enhanceTabs()
enhanceShareButtons()
enhanceForms()
enhanceCharacterCounts()
loadProofOfWorkWhenAsked()
showRequestedToasts(document)
