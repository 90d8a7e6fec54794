import assert from "node:assert/strict";
import { test } from "node:test";
import { addItem, cartTotal, createCart, receipt } from "../src/cart.js";
import { formatPrice } from "../src/format.js";

const sampleCart = () => addItem(addItem(createCart(), "pen", 150, 2), "notebook", 499);

test("an empty cart costs nothing", () => {
  assert.equal(cartTotal(createCart()), 0);
});

test("the total adds up every line", () => {
  assert.equal(cartTotal(sampleCart()), 799);
});

test("prices are shown in dollars", () => {
  assert.equal(formatPrice(1999), "$19.99");
  assert.equal(formatPrice(5), "$0.05");
});

test("the receipt lists each line and ends with the total", () => {
  assert.equal(receipt(sampleCart()), "2 x pen  $3.00\n1 x notebook  $4.99\nTotal  $7.99");
});
