import { useRouteLoaderData } from 'react-router'

/** The site's time zone (SITE_TIMEZONE) from the root loader, for formatting dates identically on server and client. */
export function useTimeZone(): string {
  return useRouteLoaderData<{ timeZone?: string }>('root')?.timeZone ?? 'Europe/Paris'
}
