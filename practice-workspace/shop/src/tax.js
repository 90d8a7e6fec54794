/** The price with a percentage of tax added, in whole cents. */
export function withTax(cents, percent) {
  return Math.round((cents * (100 + percent)) / 100);
}
