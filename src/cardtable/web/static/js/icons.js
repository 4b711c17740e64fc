// Our own icons for goods, resources and costs: small SVG drawings, each with its name for screen
// readers (and as a tooltip). Drawn for cardtable; no third-party artwork.
import { svg } from "./dom.js";
// name -> {shape (one of `shapes`), color (its argument, if it takes one), words}
import ICONS from "./icons.json" with { type: "json" };

const shapes = {
  // a victory point chip: a gold hexagon
  vp: () => [svg("path", { d: "M10 1.5 17.4 5.8v8.4L10 18.5 2.6 14.2V5.8z", fill: "#f2c14e", stroke: "#8a6411", "stroke-width": 1.4 })],
  // a star (51st State's victory points)
  star: () => [svg("path", { d: "M10 1.8l2.4 5.3 5.8.6-4.3 3.9 1.2 5.7L10 14.4l-5.1 2.9 1.2-5.7L1.8 7.7l5.8-.6z", fill: "#f2c14e", stroke: "#8a6411", "stroke-width": 1.2 })],
  card: () => [svg("rect", { x: 4.5, y: 2, width: 11, height: 16, rx: 2, fill: "#fbf8f1", stroke: "#3b4048", "stroke-width": 1.5 }),
    svg("path", { d: "M7.5 6h5M7.5 9h5M7.5 12h3", stroke: "#8a9099", "stroke-width": 1.2 })],
  hand: () => [svg("rect", { x: 2.5, y: 4, width: 9, height: 13, rx: 1.6, fill: "#dfe7f5", stroke: "#3b4048", "stroke-width": 1.3, transform: "rotate(-12 7 10)" }),
    svg("rect", { x: 8, y: 3, width: 9, height: 13, rx: 1.6, fill: "#fbf8f1", stroke: "#3b4048", "stroke-width": 1.3, transform: "rotate(10 12 10)" })],
  deck: () => [svg("rect", { x: 6, y: 3, width: 10, height: 14, rx: 1.6, fill: "#7a2e27", stroke: "#3b1512", "stroke-width": 1.2 }),
    svg("rect", { x: 4, y: 4.5, width: 10, height: 14, rx: 1.6, fill: "#a13d33", stroke: "#3b1512", "stroke-width": 1.2 })],
  military: () => [svg("path", { d: "M10 2 16.5 4.5v5.2c0 4-2.8 6.7-6.5 8.3-3.7-1.6-6.5-4.3-6.5-8.3V4.5z", fill: "#c8372d", stroke: "#5d140f", "stroke-width": 1.3 }),
    svg("path", { d: "M10 5.5v8M7.2 8.5h5.6", stroke: "#fff", "stroke-width": 1.8, "stroke-linecap": "round" })],
  good: (color) => [svg("rect", { x: 4.3, y: 4.3, width: 11.4, height: 11.4, rx: 1.5, fill: color, stroke: "#1d232a", "stroke-width": 1.3, transform: "rotate(45 10 10)" })],
  drop: (color) => [svg("path", { d: "M10 2.2c3 4 5.4 7 5.4 10a5.4 5.4 0 0 1-10.8 0c0-3 2.4-6 5.4-10z", fill: color, stroke: "#1d232a", "stroke-width": 1.2 })],
  bolt: () => [svg("path", { d: "M11.5 1.8 4.2 11h4.6l-1.3 7.2L15.8 8.6h-4.7z", fill: "#f5c518", stroke: "#7a5d00", "stroke-width": 1.2, "stroke-linejoin": "round" })],
  leaf: () => [svg("path", { d: "M4 16c0-8 5-12 12.5-12.5C16 11 12 16 4 16z", fill: "#5aa04a", stroke: "#25521b", "stroke-width": 1.2 }),
    svg("path", { d: "M4 16 12 8", stroke: "#25521b", "stroke-width": 1.2 })],
  gear: (color = "#7d5ba6") => [svg("circle", { cx: 10, cy: 10, r: 5.6, fill: color, stroke: "#2f2340", "stroke-width": 3.6, "stroke-dasharray": "2.2 2.2" }),
    svg("circle", { cx: 10, cy: 10, r: 2, fill: "#fff" })],
  worker: () => [svg("circle", { cx: 10, cy: 5.5, r: 3.3, fill: "#e9c9a0", stroke: "#5a3b1c", "stroke-width": 1.2 }),
    svg("path", { d: "M3.8 18c0-4.6 2.8-7.4 6.2-7.4s6.2 2.8 6.2 7.4z", fill: "#e9c9a0", stroke: "#5a3b1c", "stroke-width": 1.2 })],
  ingot: () => [svg("path", { d: "M2.5 14.5 5.5 6h9l3 8.5z", fill: "#8e9aa6", stroke: "#2e3740", "stroke-width": 1.3 }),
    svg("path", { d: "M6.5 8h7", stroke: "#d4dbe2", "stroke-width": 1.2 })],
  brick: () => [svg("rect", { x: 2, y: 6, width: 16, height: 9, rx: 1, fill: "#d9713a", stroke: "#6b2e10", "stroke-width": 1.3 }),
    svg("path", { d: "M2 10.5h16M8 6v4.5M13 10.5V15", stroke: "#6b2e10", "stroke-width": 1 })],
  gun: () => [svg("path", { d: "M2.5 6.5h14v3.5h-7l-1.5 6h-3.5l1-6H2.5z", fill: "#b03a2e", stroke: "#4d120c", "stroke-width": 1.2, "stroke-linejoin": "round" })],
  ammo: () => [svg("path", { d: "M7 18V8c0-3 1.4-5.6 3-6.2 1.6.6 3 3.2 3 6.2v10z", fill: "#d4a418", stroke: "#5e4707", "stroke-width": 1.2 }),
    svg("path", { d: "M7 14h6", stroke: "#5e4707", "stroke-width": 1.2 })],
  arrow: (color) => [svg("path", { d: "M2.5 7h8V3l7 7-7 7v-4h-8z", fill: color, stroke: "#1d232a", "stroke-width": 1.2, "stroke-linejoin": "round" })],
  heart: () => [svg("path", { d: "M10 17.5S2.5 12.8 2.5 7.4A3.9 3.9 0 0 1 10 5.6a3.9 3.9 0 0 1 7.5 1.8c0 5.4-7.5 10.1-7.5 10.1z", fill: "#d8343d", stroke: "#5c0f14", "stroke-width": 1.2 })],
  sword: () => [svg("path", { d: "M15.8 2.2 17.8 4.2 8.6 13.4 6.6 11.4z", fill: "#e5e9ee", stroke: "#2e3740", "stroke-width": 1.1 }),
    svg("path", { d: "M4.5 10.8l4.7 4.7M6 14l-3.4 3.4", stroke: "#8a5a1c", "stroke-width": 2, "stroke-linecap": "round" })],
  wind: () => [svg("path", { d: "M2.5 7.5h9.5a2.5 2.5 0 1 0-2.5-2.5M2.5 11h13a2.5 2.5 0 1 1-2.5 2.5M2.5 14.5h6", fill: "none", stroke: "#1b8a8f", "stroke-width": 2, "stroke-linecap": "round" })],
  shield: () => [svg("path", { d: "M10 2 16.5 4.5v5.2c0 4-2.8 6.7-6.5 8.3-3.7-1.6-6.5-4.3-6.5-8.3V4.5z", fill: "#3d6fb6", stroke: "#142c4d", "stroke-width": 1.3 })],
  skull: () => [svg("path", { d: "M10 2.5c-4 0-6.5 2.6-6.5 6 0 2.2 1 3.6 2.5 4.4V16h8v-3.1c1.5-.8 2.5-2.2 2.5-4.4 0-3.4-2.5-6-6.5-6z", fill: "#e6e1d6", stroke: "#3b3a36", "stroke-width": 1.2 }),
    svg("circle", { cx: 7.6, cy: 8.8, r: 1.6, fill: "#3b3a36" }), svg("circle", { cx: 12.4, cy: 8.8, r: 1.6, fill: "#3b3a36" })],
  wound: () => [svg("rect", { x: 3, y: 3, width: 14, height: 14, rx: 3, fill: "#f3d6d3", stroke: "#8e1f17", "stroke-width": 1.3 }),
    svg("path", { d: "M6 10h8M10 6v8", stroke: "#c8372d", "stroke-width": 2.6 })],
  hammer: () => [svg("path", { d: "M3 6.5 9 2.5l3 3-2 1.5 7 8.5-2 2-8.2-7.4L5.2 12z", fill: "#9a6b3f", stroke: "#3f2a14", "stroke-width": 1.1, "stroke-linejoin": "round" })],
  clock: () => [svg("circle", { cx: 10, cy: 10, r: 7.5, fill: "#fff", stroke: "#1d232a", "stroke-width": 1.4 }),
    svg("path", { d: "M10 5.5V10l3 2", stroke: "#1d232a", "stroke-width": 1.5, "stroke-linecap": "round" })],
  flag: () => [svg("path", { d: "M4.5 18V2.5", stroke: "#1d232a", "stroke-width": 1.6 }),
    svg("path", { d: "M5 3h10l-2.5 3.5L15 10H5z", fill: "#e0a526", stroke: "#1d232a", "stroke-width": 1.1 })],
  doom: () => [svg("circle", { cx: 10, cy: 10, r: 7.5, fill: "#2d1b3d", stroke: "#110a17", "stroke-width": 1.2 }),
    svg("path", { d: "M10 4.5v6M10 13.5v1", stroke: "#f06d5b", "stroke-width": 2.2, "stroke-linecap": "round" })],
  // a prestige token: a violet star in a ring
  prestige: () => [svg("circle", { cx: 10, cy: 10, r: 8, fill: "#6b3fa0", stroke: "#2c1645", "stroke-width": 1.2 }),
    svg("path", { d: "M10 4.2l1.7 3.7 4 .4-3 2.7.9 4L10 13l-3.6 2 .9-4-3-2.7 4-.4z", fill: "#f3e6ff" })],
  chip: () => [svg("circle", { cx: 10, cy: 10, r: 7.5, fill: "#4a7fc1", stroke: "#1b3557", "stroke-width": 1.3 }),
    svg("circle", { cx: 10, cy: 10, r: 4.4, fill: "none", stroke: "#dbe8f7", "stroke-width": 1.3, "stroke-dasharray": "2 1.5" })],
  person: (color = "#5c6bc0") => [svg("circle", { cx: 10, cy: 6, r: 3.4, fill: color }), svg("path", { d: "M3.5 18c0-4.5 2.9-7.2 6.5-7.2s6.5 2.7 6.5 7.2z", fill: color })],
};

/** An icon by name (see ICONS), with its words as its accessible name; null for an unknown name. */
export function icon(name, words = null) {
  const spec = ICONS[name];
  if (!spec) return null;
  const title = words ?? spec.words;
  return svg("svg", { class: `icon icon-${name}`, viewBox: "0 0 20 20", role: "img", "aria-label": title },
    svg("title", {}, document.createTextNode(title)), ...shapes[spec.shape](spec.color ?? null));
}

export const hasIcon = (name) => name in ICONS;
