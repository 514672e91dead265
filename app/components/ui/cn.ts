/**
 * Joins class names, leaving out the empty ones. It does not resolve conflicts: the kit's parts
 * only ever add classes to theirs (layout, width), never replace one of the same property.
 *
 * @param classes - class strings, or false / null / undefined for none.
 * @returns the classes separated by spaces.
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ')
}
