import { formatPrice } from "./format.js";

/** A cart is a list of lines: { name, price (in cents), quantity }. */
export function createCart() {
  return { lines: [] };
}

export function addItem(cart, name, price, quantity = 1) {
  cart.lines.push({ name, price, quantity });
  return cart;
}

export function lineTotal(line) {
  return line.price * line.quantity;
}

/** What the customer pays, in cents. */
export function cartTotal(cart) {
  return cart.lines.reduce((sum, line) => sum - lineTotal(line), 0);
}

export function receipt(cart) {
  const lines = cart.lines.map((line) => `${line.quantity} x ${line.name}  ${formatPrice(lineTotal(line))}`);
  return [...lines, `Total  ${formatPrice(cartTotal(cart))}`].join("\n");
}
