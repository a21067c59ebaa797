/**
 * Where unit labels go on the table, and the short forms they take where units crowd: plain
 * geometry in screen pixels (no drawing), so it is tested in Node. unit-labels.ts draws them.
 */

const FILLER = new Set(["of", "the", "at", "and", "a"]);

/**
 * A name short enough for a unit a few pixels wide (a phone at the fitted zoom): the name without
 * filler words when that is short, else the first word's stem and the last word, e.g.
 * "Byrhtnoth's hearth troop" → "Byrht. troop", "Fyrd of Maldon" → "Fyrd Maldon".
 */
export function shortName(name: string, max = 11): string {
  if (name.length <= max) return name;
  const words = name.split(/\s+/).filter((w) => w && !FILLER.has(w.toLowerCase()));
  const joined = words.join(" ");
  if (joined.length <= max) return joined;
  const first = words[0].replace(/['’]s$/, "");
  const last = words[words.length - 1];
  const head = first.length > 5 ? `${first.slice(0, 5)}.` : first;
  const tail = words.length > 1 ? ` ${last.length > 6 ? `${last.slice(0, 6)}.` : last}` : "";
  return `${head}${tail}`;
}

/**
 * The initials of a name, for a crowded phone table ("Byrhtnoth's hearth troop" → "BHT",
 * "Fyrd of Maldon" → "FM"); the name itself when it is four letters or fewer. Tapping the unit
 * shows its card with the full name.
 */
export function initials(name: string): string {
  if (name.length <= 4) return name;
  const words = name.split(/\s+/).filter((w) => w && !FILLER.has(w.toLowerCase()));
  return words
    .slice(0, 4)
    .map((w) => (/^\d+$/.test(w) ? w : w[0].toUpperCase()))
    .join("");
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface Pt {
  x: number;
  y: number;
}

/** The corners of a stand in screen pixels (table inches × k, y down), as Konva draws it. */
export function standCorners(st: { x: number; y: number; facing: number; width: number; depth: number }, H: number, k: number): Pt[] {
  const a = ((90 - st.facing) * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [
    [-st.width / 2, -st.depth / 2],
    [st.width / 2, -st.depth / 2],
    [st.width / 2, st.depth / 2],
    [-st.width / 2, st.depth / 2],
  ].map(([x, y]) => ({ x: (st.x + x * c - y * s) * k, y: (H - st.y + x * s + y * c) * k }));
}

const boxOf = (pts: Pt[]): Box => ({ x0: Math.min(...pts.map((p) => p.x)), y0: Math.min(...pts.map((p) => p.y)), x1: Math.max(...pts.map((p) => p.x)), y1: Math.max(...pts.map((p) => p.y)) });
const overlap = (a: Box, b: Box) => Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
/** Start of a span of length `len` near `want`, holding `at` at least `inset` inside (when it can). */
const around = (want: number, len: number, at: number, inset = 4) => (len <= 2 * inset ? at - len / 2 : Math.min(Math.max(want, at - len + inset), at - inset));

export interface LabelUnit {
  id: string;
  side: "red" | "black";
  stands: { x: number; y: number; facing: number; width: number; depth: number }[];
  w: number;
  h: number;
  /** A small label's tiny form (its size): with one, a crowded label may shrink, then hide. */
  tiny?: { w: number; h: number };
  /** The selected or acting unit: placed first and always shown. */
  priority?: boolean;
}

/** Where a label hangs: the point on its stand (screen pixels) and its box's top left relative to that point. */
export interface LabelPlace {
  at: Pt;
  dx: number;
  dy: number;
  where: "behind" | "front" | "left" | "right" | "on";
  /** Which form is shown: the label, its tiny form, or none (crowded out: tap the unit to show it). */
  form: "full" | "tiny" | "hidden";
}

/**
 * Places every unit's label against its own stands: behind the unit first (away from the enemy),
 * then in front, beside it, and last on it; the first place that overlaps no label placed before
 * and no other unit's stands wins, else the place that overlaps least. Units nearest the centre
 * line are placed first. Each place hangs from a corner (or the centre) of one of the unit's stands.
 * `visible`: the part of the table on screen (pixels, as the stands); a label outside it counts as covered.
 */
export function placeLabels(units: LabelUnit[], H: number, k: number, visible?: Box): Map<string, LabelPlace> {
  const corners = new Map(units.map((u) => [u.id, u.stands.map((st) => standCorners(st, H, k))]));
  const standBoxes = units.flatMap((u) => corners.get(u.id)!.map((c) => ({ id: u.id, box: boxOf(c) })));
  const order = [...units].sort((a, b) => Number(b.priority ?? false) - Number(a.priority ?? false) || Math.abs(centre(a).y - H / 2) - Math.abs(centre(b).y - H / 2));
  const placed: Box[] = [];
  const out = new Map<string, LabelPlace>();
  for (const u of order) {
    const cands = (w: number, h: number) => candidatesFor(u, corners.get(u.id)!, w, h);
    const best = (w: number, h: number) => {
      let found: { cand: Candidate; box: Box; cost: number } | null = null;
      for (const [rank, cand] of cands(w, h).entries()) {
        const box = { x0: cand.x0, y0: cand.y0, x1: cand.x0 + w, y1: cand.y0 + h };
        // Off the screen counts as covered: a label cut by the canvas's edge cannot be read.
        const hidden = visible ? w * h - overlap(box, visible) : 0;
        const cost = placed.reduce((n, p) => n + overlap(box, p), 0) + standBoxes.reduce((n, s) => n + (s.id === u.id ? 0 : overlap(box, s.box)), 0) + hidden;
        if (!found || cost + rank * 1e-3 < found.cost) found = { cand, box, cost: cost + rank * 1e-3 };
        if (cost === 0) break;
      }
      return found!;
    };
    const free = (f: { cost: number }) => f.cost < 0.5;
    let form: LabelPlace["form"] = "full";
    let pick = best(u.w, u.h);
    if (!free(pick) && u.tiny && !u.priority) {
      const tiny = best(u.tiny.w, u.tiny.h);
      form = free(tiny) ? "tiny" : "hidden";
      if (free(tiny)) pick = tiny;
    }
    if (form !== "hidden") placed.push(pick.box);
    const { cand } = pick;
    out.set(u.id, { at: cand.at, dx: cand.x0 - cand.at.x, dy: cand.y0 - cand.at.y, where: cand.where, form });
  }
  return out;
}

interface Candidate {
  where: LabelPlace["where"];
  at: Pt;
  x0: number;
  y0: number;
}

/** The places a `w`×`h` label of `u` may hang from, best first (behind, in front, beside, on). */
function candidatesFor(u: LabelUnit, standCornerList: Pt[][], w: number, h: number): Candidate[] {
  const pts = standCornerList.flat();
  const c = { x: pts.reduce((n, p) => n + p.x, 0) / pts.length, y: pts.reduce((n, p) => n + p.y, 0) / pts.length };
  // The corners along an edge (within half a pixel of the farthest): the label may hang from its middle or either end.
  const along = (score: (p: Pt) => number): Pt[] => {
    const far = Math.max(...pts.map(score));
    const edge = pts.filter((p) => score(p) >= far - 0.5);
    const byX = [...edge].sort((a, b) => a.x - b.x);
    const mid = edge.reduce((best, p) => (Math.abs(p.x - c.x) < Math.abs(best.x - c.x) ? p : best), edge[0]);
    return [mid, byX[0], byX[byX.length - 1]];
  };
  const extreme = (score: (p: Pt) => number) => pts.reduce((best, p) => (score(p) > score(best) + 1e-9 ? p : best), pts[0]);
  const back = u.side === "red" ? 1 : -1;
  const [lowMid, lowLeft, lowRight] = along((p) => p.y * back);
  const [highMid, highLeft, highRight] = along((p) => -p.y * back);
  const left = extreme((p) => -p.x);
  const right = extreme((p) => p.x);
  const yOf = (at: Pt, away: boolean) => (away ? at.y - 1 : at.y - h + 1);
  const first = boxOf(standCornerList[0]);
  const firstCentre = { x: (first.x0 + first.x1) / 2, y: (first.y0 + first.y1) / 2 };
  const candidates: Candidate[] = [];
  for (const [where, [mid, l, r], down] of [
    ["behind", [lowMid, lowLeft, lowRight], back === 1],
    ["front", [highMid, highLeft, highRight], back !== 1],
  ] as const) {
    candidates.push({ where, at: mid, x0: around(c.x - w / 2, w, mid.x), y0: yOf(mid, down) });
    candidates.push({ where, at: l, x0: around(l.x - 4, w, l.x), y0: yOf(l, down) });
    candidates.push({ where, at: r, x0: around(r.x - w + 4, w, r.x), y0: yOf(r, down) });
    // Hanging outwards from either end (the label's far end clear of the unit): room along a crowded line.
    candidates.push({ where, at: l, x0: l.x - w + 1, y0: yOf(l, down) });
    candidates.push({ where, at: r, x0: r.x - 1, y0: yOf(r, down) });
  }
  candidates.push(
    { where: "left", at: left, x0: left.x - w + 1, y0: around(c.y - h / 2, h, left.y) },
    { where: "right", at: right, x0: right.x - 1, y0: around(c.y - h / 2, h, right.y) },
    { where: "left", at: left, x0: left.x - w + 1, y0: left.y - h + 1 },
    { where: "left", at: left, x0: left.x - w + 1, y0: left.y - 1 },
    { where: "right", at: right, x0: right.x - 1, y0: right.y - h + 1 },
    { where: "right", at: right, x0: right.x - 1, y0: right.y - 1 },
    { where: "on", at: firstCentre, x0: firstCentre.x - w / 2, y0: firstCentre.y - h / 2 },
  );
  return candidates;
}

function centre(u: LabelUnit): Pt {
  return { x: u.stands.reduce((n, s) => n + s.x, 0) / u.stands.length, y: u.stands.reduce((n, s) => n + s.y, 0) / u.stands.length };
}
