// The slow suite: every checkout waits for a payment gateway, as a real one would make it wait.
// The shop's test command (`node --test shop/test/*.test.js`, or `npm test` in shop/) does not
// run it (it is no test/*.test.js file); run it on its own:
//   node --test shop/integration/checkout.js      (or, in shop/: npm run test:slow)
import assert from "node:assert/strict";
import { test } from "node:test";
import { addItem, cartTotal, createCart } from "../src/cart.js";

const GATEWAY_LATENCY_MS = 1000;

/** A stand-in for the payment gateway: slow, and it refuses to charge anything but a positive whole number of cents. */
function charge(cents) {
  return new Promise((resolve, reject) => {
    setTimeout(() => {
      if (Number.isInteger(cents) && cents > 0) resolve({ charged: cents });
      else reject(new Error(`the gateway refused to charge ${cents} cents`));
    }, GATEWAY_LATENCY_MS);
  });
}

test("one item is charged its price", async () => {
  const cart = addItem(createCart(), "pen", 150);
  assert.deepEqual(await charge(cartTotal(cart)), { charged: 150 });
});

test("several lines are charged their sum", async () => {
  const cart = addItem(addItem(createCart(), "pen", 150, 2), "notebook", 499);
  assert.deepEqual(await charge(cartTotal(cart)), { charged: 799 });
});

test("a large order is charged in full", async () => {
  const cart = addItem(createCart(), "desk lamp", 2499, 12);
  assert.deepEqual(await charge(cartTotal(cart)), { charged: 29988 });
});
