/** Shipping in cents: free from 5000 cents up. */
export function shippingFor(cents) {
  return cents >= 5000 ? 0 : 499;
}
