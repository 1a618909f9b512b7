// The editor's lines: each with its description, quantity, unit, price and own VAT rate, moved up
// or down and removed by buttons that say which line they act on; a product from the catalogue
// becomes a line with its name, unit, price and rate filled in.
import type { JSX } from "preact";
import { useState } from "preact/hooks";
import { api, type Outputs } from "../api.ts";
import { Field } from "../components.tsx";
import { amountText, numberText } from "../format.ts";
import { useQuery } from "../hooks.ts";
import { t } from "../i18n/index.ts";
import { emptyLine, newLineKey, type LineValues } from "./values.ts";

type Product = Outputs["products"]["get"];

/** Common UN/ECE Rec. 20 units, offered as the person types (any other code is accepted). */
const UNITS = ["C62", "HUR", "DAY", "MON", "KGM", "MTR", "LTR", "H87", "SET"] as const;

function ProductPicker({ currency, onPick }: { currency: string; onPick(line: LineValues): void }): JSX.Element | null {
  const products = useQuery(() => api.products.list.query({ limit: 100 }), []);
  const [chosen, setChosen] = useState("");
  const list = products.data?.data ?? [];
  if (list.length === 0) return null;
  const add = (): void => {
    const product = list.find((each: Product) => each.id === chosen);
    if (!product) return;
    onPick({
      key: newLineKey(),
      id: null,
      description: product.description ? `${product.name} — ${product.description}` : product.name,
      quantity: "1",
      unit: product.unit,
      rate: amountText(product.rate, product.currency ?? currency),
      tax_rate: product.tax_rate === null ? "" : numberText(product.tax_rate),
      discount: "",
    });
    setChosen("");
  };
  return (
    <div class="inline-form">
      <Field label={t("editor.product")}>
        <select id="editor-product" value={chosen} onChange={(event) => setChosen(event.currentTarget.value)}>
          <option value="">{t("editor.chooseProduct")}</option>
          {list.map((product: Product) => (
            <option key={product.id} value={product.id}>
              {product.name}
            </option>
          ))}
        </select>
      </Field>
      <button type="button" disabled={!chosen} onClick={add}>
        {t("editor.addProduct")}
      </button>
    </div>
  );
}

export function Lines({ lines, currency, onChange }: { lines: LineValues[]; currency: string; onChange(lines: LineValues[]): void }): JSX.Element {
  const edit = (key: string, field: keyof LineValues, value: string): void => onChange(lines.map((line) => (line.key === key ? { ...line, [field]: value } : line)));
  const move = (index: number, by: -1 | 1): void => {
    const next = [...lines];
    const [line] = next.splice(index, 1);
    if (!line) return;
    next.splice(index + by, 0, line);
    onChange(next);
    // The moved line keeps focus in its new place, on the same button unless it reached the end
    // that disables it: then on the other, so focus never rests on a disabled control.
    const at = index + by;
    const same = by < 0 ? at > 0 : at < next.length - 1;
    requestAnimationFrame(() => document.getElementById(`line-${line.key}-${(by < 0) === same ? "up" : "down"}`)?.focus());
  };
  const remove = (index: number): void => {
    const next = lines.filter((_, at) => at !== index);
    onChange(next.length ? next : [emptyLine()]);
    // Focus goes to the line that took its place, or the add button.
    requestAnimationFrame(() => (document.getElementById(`line-${next[Math.min(index, next.length - 1)]?.key}-description`) ?? document.getElementById("editor-add-line"))?.focus());
  };
  const add = (line: LineValues): void => {
    onChange([...lines.filter((each) => each.description.trim() !== "" || each.rate.trim() !== ""), line]);
    requestAnimationFrame(() => document.getElementById(`line-${line.key}-description`)?.focus());
  };
  return (
    <fieldset id="lines" class="lines">
      <legend>{t("invoice.items")}</legend>
      <p class="muted">{t("editor.lineTaxHint")}</p>
      <datalist id="unit-codes">
        {UNITS.map((unit) => (
          <option key={unit} value={unit} />
        ))}
      </datalist>
      <ol>
        {lines.map((line, index) => {
          const number = index + 1;
          const id = (field: string): string => `line-${line.key}-${field}`;
          return (
            <li key={line.key} class="line" aria-label={t("editor.line", { number })}>
              <Field label={t("invoice.description")} wide>
                <input id={id("description")} value={line.description} maxLength={5000} onInput={(event) => edit(line.key, "description", event.currentTarget.value)} />
              </Field>
              <Field label={t("invoice.quantity")}>
                <input id={id("quantity")} value={line.quantity} inputMode="decimal" size={6} onInput={(event) => edit(line.key, "quantity", event.currentTarget.value)} />
              </Field>
              <Field label={t("editor.unit")}>
                <input id={id("unit")} value={line.unit} list="unit-codes" maxLength={3} size={4} onInput={(event) => edit(line.key, "unit", event.currentTarget.value)} />
              </Field>
              <Field label={t("invoice.rate")}>
                <input id={id("rate")} value={line.rate} inputMode="decimal" size={10} onInput={(event) => edit(line.key, "rate", event.currentTarget.value)} />
              </Field>
              <Field label={t("editor.lineTax")}>
                <input id={id("tax_rate")} value={line.tax_rate} inputMode="decimal" size={5} onInput={(event) => edit(line.key, "tax_rate", event.currentTarget.value)} />
              </Field>
              <Field label={t("editor.lineDiscount")}>
                <input id={id("discount_percent")} value={line.discount} inputMode="decimal" size={5} onInput={(event) => edit(line.key, "discount", event.currentTarget.value)} />
              </Field>
              <div class="line-actions">
                <button type="button" id={id("up")} disabled={index === 0} onClick={() => move(index, -1)} aria-label={t("editor.moveUp", { number })}>
                  ↑
                </button>
                <button type="button" id={id("down")} disabled={index === lines.length - 1} onClick={() => move(index, 1)} aria-label={t("editor.moveDown", { number })}>
                  ↓
                </button>
                <button type="button" class="danger" onClick={() => remove(index)} aria-label={t("editor.removeLine", { number })}>
                  {t("editor.remove")}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <div class="actions">
        <button type="button" id="editor-add-line" onClick={() => add(emptyLine())}>
          {t("editor.addLine")}
        </button>
      </div>
      <ProductPicker currency={currency} onPick={add} />
    </fieldset>
  );
}
