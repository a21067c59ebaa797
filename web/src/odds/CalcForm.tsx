/** A form for a calculator's input, one control per schema field, each with its named error beside it. */
import { type Field, labelOf } from "./form.js";

export interface CalcFormProps {
  fields: readonly Field[];
  query: URLSearchParams;
  problems: Map<string, string[]>;
  onChange: (key: string, text: string) => void;
  /** Fields not shown (e.g. the mode on the compare page). */
  hide?: readonly string[];
}

function Control({ f, text, onChange, invalid }: { f: Field; text: string; onChange: (t: string) => void; invalid: boolean }) {
  const id = `f-${f.key}`;
  const common = { id, name: f.key, "aria-invalid": invalid || undefined, "aria-describedby": invalid ? `${id}-err` : undefined };
  if (f.kind === "boolean") {
    const on = text === "true" || (text === "" && f.default === true);
    return <input type="checkbox" {...common} checked={on} onChange={(e) => onChange(String((e.currentTarget as HTMLInputElement).checked))} />;
  }
  if (f.kind === "enum") {
    const known = f.choices?.map(String) ?? [];
    return (
      <select {...common} value={text} onChange={(e) => onChange((e.currentTarget as HTMLSelectElement).value)}>
        {!f.required || !known.includes(text) ? <option value="">{f.default !== undefined ? `(default: ${String(f.default)})` : "—"}</option> : null}
        {text !== "" && !known.includes(text) ? <option value={text}>{text}</option> : null}
        {known.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    );
  }
  const numeric = f.kind === "integer" || f.kind === "number";
  return (
    <input
      type="text"
      inputMode={numeric ? "numeric" : undefined}
      {...common}
      value={text}
      placeholder={f.default !== undefined ? `default ${String(f.default)}` : f.required ? "" : "optional"}
      onInput={(e) => onChange((e.currentTarget as HTMLInputElement).value)}
    />
  );
}

export function CalcForm({ fields, query, problems, onChange, hide = [] }: CalcFormProps) {
  const groups = new Map<string, Field[]>();
  for (const f of fields) {
    if (hide.includes(f.key)) continue;
    const g = f.path.length > 1 ? f.path.slice(0, -1).join(".") : "";
    groups.set(g, [...(groups.get(g) ?? []), f]);
  }
  return (
    <form class="calc-form" onSubmit={(e) => e.preventDefault()}>
      {[...groups].map(([g, fs]) => {
        const body = fs.map((f) => {
          const errs = problems.get(f.key);
          const range = f.min !== undefined || f.max !== undefined ? ` (${f.min ?? "…"}–${f.max ?? "…"})` : "";
          return (
            <div key={f.key} class={`field${f.kind === "boolean" ? " check" : ""}${errs ? " invalid" : ""}`}>
              <label for={`f-${f.key}`}>
                {labelOf(f)}
                {range && <span class="hint">{range}</span>}
              </label>
              <Control f={f} text={query.get(f.key) ?? ""} onChange={(t) => onChange(f.key, t)} invalid={!!errs} />
              {errs && (
                <span class="field-error" id={`f-${f.key}-err`} role="alert" data-field={f.key}>
                  {errs.join("; ")}
                </span>
              )}
            </div>
          );
        });
        return g ? (
          <fieldset key={g}>
            <legend>{g}</legend>
            {body}
          </fieldset>
        ) : (
          <div key="top" class="fields">
            {body}
          </div>
        );
      })}
      {problems.get("") && (
        <p class="field-error" role="alert" data-field="">
          {problems.get("")!.join("; ")}
        </p>
      )}
    </form>
  );
}
