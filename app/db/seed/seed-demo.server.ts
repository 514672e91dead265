/** Seeds the demo content on an empty database. @returns whether anything was written. */
export async function seedDemoIfEmpty(): Promise<boolean> {
  return false
}
