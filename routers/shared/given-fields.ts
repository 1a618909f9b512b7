/** The fields of a partial update that were given: `undefined` means "leave it", `null` clears. */
export function givenFields<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}
