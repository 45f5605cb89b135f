// Small helpers for building the page's elements.

export const $ = (selector, root = document) => root.querySelector(selector);

export function make(name, attributes = {}, text = "") {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text) node.textContent = text;
  return node;
}

export function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}
