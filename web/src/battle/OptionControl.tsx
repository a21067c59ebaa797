/** One rules option's form control, shared by the new-battle screen and the scenario editor. */
import { displayValue, houseRuleLabel, inputValue, type OptionEntry, type OptionValue, rangeText } from "./setup-form.js";

/** One rules option: its control (select, number, checkbox or list of numbers), range, description and house-rule label. */
export function OptionControl({ entry, value, changed, onChange }: { entry: OptionEntry; value: OptionValue; changed: boolean; onChange: (v: OptionValue) => void }) {
  const c = entry.control;
  const house = houseRuleLabel(entry);
  const id = `option-${entry.key}`;
  let control;
  if (c.kind === "enum")
    control = (
      <select id={id} data-testid={id} value={String(value)} onChange={(e) => onChange(inputValue(entry, e.currentTarget.value))}>
        {c.values.map((v) => (
          <option value={v} key={v}>
            {v}
          </option>
        ))}
      </select>
    );
  else if (c.kind === "flag") control = <input id={id} data-testid={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />;
  else if (c.kind === "number")
    control = <input id={id} data-testid={id} type="number" min={c.min} max={c.max} step={c.integer ? 1 : "any"} value={Number.isNaN(value) ? "" : String(value)} onInput={(e) => onChange(inputValue(entry, e.currentTarget.value))} />;
  else control = <input id={id} data-testid={id} type="text" inputMode="decimal" value={displayValue(value)} onChange={(e) => onChange(inputValue(entry, e.currentTarget.value))} />;
  return (
    <div class={`rules-option${changed ? " changed" : ""}${c.kind === "flag" ? " flag" : ""}`}>
      <div class="rules-option-head">
        <label for={id}>{entry.label}</label>
        {control}
      </div>
      <p class="rules-option-text">
        {house && entry.houseRule && (
          <span class="house-rule" data-testid="house-rule" title={`Explained in docs/rules/rulings.md#${entry.houseRule.anchor}`}>
            {house}
          </span>
        )}{" "}
        {entry.description} <span class="range">({rangeText(entry)}; <code>{entry.key}</code>)</span>
      </p>
    </div>
  );
}
