// The warehouse's stock report: which items are running low, and one line per item.

export function lowStock(items) {
  var names = [];
  for (var i = 0; i < items.length; i++) {
    if (items[i].count < 5) {
      names.push(items[i].name);
    }
  }
  return names;
}

export function stockReport(items) {
  var lines = [];
  for (var i = 0; i < items.length; i++) {
    var line = items[i].name + ": " + items[i].count;
    if (items[i].count < 5) {
      line = line + " (low)";
    }
    lines.push(line);
  }
  return lines.join("\n");
}
