// The warehouse's stock report: which items are running low, and one line per item.

const LOW_STOCK = 5;

export function lowStock(items) {
  return items.filter((item) => item.count < LOW_STOCK).map((item) => item.name);
}

export function stockReport(items) {
  return items.map((item) => `${item.name}: ${item.count}${item.count < LOW_STOCK ? " (low)" : ""}`).join("\n");
}
