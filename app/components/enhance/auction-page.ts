/**
 * The auction page's own script (decision 010, app/lib/static-page.ts `STATIC_AUCTION_PAGE`),
 * loaded after the site's one on that page only: the live auction (./auction.ts).
 */
import { enhanceAuction } from './auction'

enhanceAuction()
