import assert from "node:assert/strict";
import { test } from "node:test";
import { lowStock, stockReport } from "./stock.js";

const shelf = [
  { name: "pen", count: 12 },
  { name: "notebook", count: 3 },
  { name: "stapler", count: 5 },
  { name: "eraser", count: 0 },
];

test("lowStock names the items with fewer than 5 left", () => {
  assert.deepEqual(lowStock(shelf), ["notebook", "eraser"]);
});

test("the report has one line per item and marks the low ones", () => {
  assert.equal(stockReport(shelf), "pen: 12\nnotebook: 3 (low)\nstapler: 5\neraser: 0 (low)");
});

test("an empty shelf gives an empty report", () => {
  assert.deepEqual(lowStock([]), []);
  assert.equal(stockReport([]), "");
});
