/** Prices are kept in cents, so sums stay exact; they become dollars only for display. */
export function formatPrice(cents) {
  const sign = cents < 0 ? "-" : "";
  return `${sign}$${(Math.abs(cents) / 100).toFixed(2)}`;
}
