/** What a coupon code is worth, in percent. */
export function couponValue(code) {
  return code === "SAVE10" ? 10 : 0;
}
