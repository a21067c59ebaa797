/** Names and descriptions of the shipped scenarios for the new-battle screen (the worker holds the full files). */
const scenarioFiles = import.meta.glob<{ name?: string; description?: string }>("../../../data/shieldwall/scenarios/*.json", { eager: true, import: "default" });

export interface ShippedScenario {
  /** File name without .json, e.g. "maldon-991". */
  id: string;
  name: string;
  description: string;
}

const ORDER = ["maldon-991", "raid", "raid-landing", "brunanburh-937"];
export const baseName = (path: string) => path.slice(path.lastIndexOf("/") + 1);

export const shippedScenarios: ShippedScenario[] = Object.entries(scenarioFiles)
  .map(([path, j]) => ({ id: baseName(path).replace(/\.json$/, ""), name: j.name ?? baseName(path), description: j.description ?? "" }))
  .sort((a, b) => (ORDER.indexOf(a.id) + 1 || 99) - (ORDER.indexOf(b.id) + 1 || 99) || a.id.localeCompare(b.id));
