/**
 * A JSON file the build wrote for the page's components (a lesson's code, its diffs, every
 * lesson's sources), fetched from the site. A failed request is an error naming the file and
 * the status, which the component shows: a 404 page is not JSON, and parsing it would only say
 * "Unexpected token <".
 */
import { withBase } from "vitepress";

export async function fetchJson<T>(src: string): Promise<T> {
  const response = await fetch(withBase(src));
  if (!response.ok) throw new Error(`${src}: ${response.status} ${response.statusText}`);
  return (await response.json()) as T;
}
