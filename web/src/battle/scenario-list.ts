/** Names and descriptions of the shipped scenarios for the new-battle screen (the worker holds the full files). */
const scenarioFiles = import.meta.glob<{ name?: string; description?: string; turnLimit?: unknown; options?: unknown }>("../../../data/shieldwall/scenarios/*.json", { eager: true, import: "default" });

export interface ShippedScenario {
  /** File name without .json, e.g. "maldon-991". */
  id: string;
  name: string;
  description: string;
  /** The scenario's own option fields, as in the file (the new-battle form's defaults). */
  turnLimit?: unknown;
  options?: unknown;
}

const ORDER = ["maldon-991", "raid", "raid-landing", "brunanburh-937"];
export const baseName = (path: string) => path.slice(path.lastIndexOf("/") + 1);

export const shippedScenarios: ShippedScenario[] = Object.entries(scenarioFiles)
  .map(([path, j]) => ({ id: baseName(path).replace(/\.json$/, ""), name: j.name ?? baseName(path), description: j.description ?? "", turnLimit: j.turnLimit, options: j.options }))
  .sort((a, b) => (ORDER.indexOf(a.id) + 1 || 99) - (ORDER.indexOf(b.id) + 1 || 99) || a.id.localeCompare(b.id));
