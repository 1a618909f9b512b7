// The dashboard: per currency (amounts are never summed across currencies), revenue over a period
// with its change against the period before, what is owed and how late, days sales outstanding, the
// best clients and the documents by status and type, all from one answer of invoices.analytics. The
// period and its grouping live in the query string, so a reload or a shared link shows the same view.
import type { JSX } from "preact";
import { firstOfMonth, previousRange, type Granularity } from "../../../../domain/analytics.ts";
import { addDays } from "../../../../domain/clock.ts";
import { api, type Inputs, type Outputs } from "../api.ts";
import { BarChart } from "../charts/bar-chart.tsx";
import { ChartFigure } from "../charts/chart-figure.tsx";
import { ColumnChart } from "../charts/column-chart.tsx";
import { ErrorNote, Loading, PageTitle, StatusChip, Table } from "../components.tsx";
import { day, money, numberText } from "../format.ts";
import { useQuery } from "../hooks.ts";
import { displayLocale, t } from "../i18n/index.ts";
import { Link, navigate, withQuery } from "../router.ts";
import type { PageProps } from "../routes.ts";
import { can, useSession } from "../session.ts";

type Analytics = Outputs["analytics"]["get"];
/** One currency's figures: the page asks for every section (the default), so each is there. */
type CurrencyFigures = Required<Analytics["currencies"][number]>;
type Revenue = CurrencyFigures["revenue"];
type Aging = CurrencyFigures["aging"];
type Point = Revenue["series"][number];
type Range = { from: string; to: string };

const DASHBOARD = "/app/dashboard";

/** The periods offered, each ending on the account's today, with the groupings that suit it (the usual one first). */
const RANGES = {
  "30d": { from: (today: string) => addDays(today, -29), groupings: ["week", "day"] },
  "3m": { from: (today: string) => firstOfMonth(today, -2), groupings: ["week", "month"] },
  "12m": { from: (today: string) => firstOfMonth(today, -11), groupings: ["month", "quarter"] },
  year: { from: (today: string) => `${today.slice(0, 4)}-01-01`, groupings: ["month", "quarter"] },
} as const satisfies Record<string, { from(today: string): string; groupings: readonly Granularity[] }>;
type RangeName = keyof typeof RANGES;
type Grouping = (typeof RANGES)[RangeName]["groupings"][number];
const RANGE_NAMES = Object.keys(RANGES) as RangeName[];
const GROUPINGS: readonly Grouping[] = ["day", "week", "month", "quarter"];
/** The service's own default (the current month and the eleven before, by month): one request, no date of ours. */
const USUAL_RANGE: RangeName = "12m";

type Choice = { range: RangeName; by: Grouping };

function choiceOf(query: URLSearchParams): Choice {
  const asked = query.get("range") ?? "";
  const range = Object.hasOwn(RANGES, asked) ? (asked as RangeName) : USUAL_RANGE;
  const groupings: readonly Grouping[] = RANGES[range].groupings;
  return { range, by: groupings.find((grouping) => grouping === query.get("by")) ?? groupings[0]! };
}

function show(choice: Choice): void {
  navigate(withQuery(DASHBOARD, { range: choice.range === USUAL_RANGE ? undefined : choice.range, by: choice.by === RANGES[choice.range].groupings[0] ? undefined : choice.by }));
}

const isUsual = (choice: Choice): boolean => choice.range === USUAL_RANGE && choice.by === RANGES[USUAL_RANGE].groupings[0];

/** The request for a period ending on `today`, the account's (the service's clock in the account's time zone, not this browser's). */
function requestFor(choice: Choice, today: string): Inputs["analytics"]["get"] {
  return { from_date: RANGES[choice.range].from(today), to_date: today, granularity: choice.by };
}

const utcDate = (date: string): Date => new Date(`${date}T00:00:00Z`);
const dateFormat = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => new Intl.DateTimeFormat(displayLocale(), { timeZone: "UTC", ...options });

/** A period's names in the person's language: short under its column, long in the table and titles. */
function periodNames(by: Grouping): { short(point: Point): string; long(point: Point): string } {
  const dayMonth = dateFormat({ day: "numeric", month: "short" });
  if (by === "day") return { short: (point) => dayMonth.format(utcDate(point.start)), long: (point) => day(point.start) };
  if (by === "week") return { short: (point) => dayMonth.format(utcDate(point.start)), long: (point) => t("dashboard.weekOf", { date: day(point.start) }) };
  if (by === "quarter") {
    const year = dateFormat({ year: "numeric" });
    // The service names a quarter "2026-Q4"; its first period may start mid-quarter, clipped to the range.
    const name = (point: Point): string => t("dashboard.quarter", { quarter: point.period.slice(-1), year: year.format(utcDate(point.start)) });
    return { short: name, long: name };
  }
  const month = dateFormat({ month: "short" });
  const monthYear = dateFormat({ month: "long", year: "numeric" });
  return { short: (point) => month.format(utcDate(point.start)), long: (point) => monthYear.format(utcDate(point.start)) };
}

function currencyName(code: string): string {
  const name = new Intl.DisplayNames(displayLocale(), { type: "currency", fallback: "code" }).of(code);
  return name && name !== code ? `${name} (${code})` : code;
}

const signed = (minor: number, currency: string): string => (minor > 0 ? `+${money(minor, currency)}` : money(minor, currency));

/** Revenue against the period of equal length just before, which the service compared it with. */
function changeText(revenue: Revenue, currency: string, range: Range): string {
  const before = previousRange(range.from, range.to);
  const values = { amount: money(Math.abs(revenue.change), currency), from: day(before.from), to: day(before.to) };
  if (revenue.change === 0) return t("dashboard.same", values);
  const up = revenue.change > 0;
  if (revenue.change_percent === null) return t(up ? "dashboard.upFromNothing" : "dashboard.downFromNothing", values);
  return t(up ? "dashboard.up" : "dashboard.down", { ...values, percent: numberText(Math.abs(revenue.change_percent)) });
}

function KeyFigure({ term, value, detail }: { term: string; value: string; detail: string }): JSX.Element {
  return (
    <div>
      <dt>{term}</dt>
      <dd>
        <span class="key-value">{value}</span>
        <span class="key-detail">{detail}</span>
      </dd>
    </div>
  );
}

function KeyFigures({ figures, range }: { figures: CurrencyFigures; range: Range }): JSX.Element {
  const { currency, revenue, aging, dso } = figures;
  return (
    <dl class="key-figures">
      <KeyFigure term={t("dashboard.revenue")} value={money(revenue.total, currency)} detail={changeText(revenue, currency, range)} />
      <KeyFigure term={t("dashboard.outstanding")} value={money(aging.outstanding.amount, currency)} detail={t("dashboard.openCount", { count: numberText(aging.outstanding.count) })} />
      <KeyFigure term={t("dashboard.overdue")} value={money(aging.overdue.amount, currency)} detail={t("dashboard.overdueCount", { count: numberText(aging.overdue.count) })} />
      <KeyFigure term={t("dashboard.dso")} value={dso === null ? t("dashboard.dsoNone") : t("dashboard.days", { days: numberText(dso) })} detail={t("dashboard.dsoMeaning")} />
    </dl>
  );
}

function RevenueFigure({ revenue, currency, by, range }: { revenue: Revenue; currency: string; by: Grouping; range: Range }): JSX.Element {
  if (revenue.series.every((point) => point.revenue === 0)) return <p>{t("dashboard.noRevenue")}</p>;
  const names = periodNames(by);
  const caption = t(`dashboard.revenueBy.${by}`);
  const peak = revenue.series.reduce((best, point) => (point.revenue > best.revenue ? point : best));
  const summary = t("dashboard.revenueSummary", { total: money(revenue.total, currency), from: day(range.from), to: day(range.to), peak: money(peak.revenue, currency), period: names.long(peak) });
  return (
    <ChartFigure
      caption={caption}
      tableCaption={t("dashboard.inCurrency", { what: caption, currency })}
      head={[t("dashboard.period"), t("dashboard.revenue"), t("dashboard.count"), t("dashboard.change")]}
      rows={revenue.series.map((point, index) => (
        <tr key={point.period}>
          <th scope="row">{names.long(point)}</th>
          <td class="number">{money(point.revenue, currency)}</td>
          <td class="number">{numberText(point.count)}</td>
          <td class="number">{index === 0 ? "—" : signed(point.change, currency)}</td>
        </tr>
      ))}
    >
      <ColumnChart
        summary={summary}
        scaleLabel={(value) => money(value, currency)}
        columns={revenue.series.map((point) => ({ key: point.period, label: names.short(point), title: `${names.long(point)}: ${money(point.revenue, currency)}`, value: point.revenue }))}
      />
    </ChartFigure>
  );
}

function AgingFigure({ aging, currency }: { aging: Aging; currency: string }): JSX.Element {
  if (aging.outstanding.count === 0) return <p>{t("dashboard.nothingOwed")}</p>;
  const caption = t("dashboard.aging");
  const bars = aging.buckets.map((bucket) => ({ key: bucket.bucket, label: t(`dashboard.bucket.${bucket.bucket}`), value: bucket.amount, valueText: money(bucket.amount, currency), late: bucket.bucket !== "current", count: bucket.count }));
  const summary = t("dashboard.agingSummary", { total: money(aging.outstanding.amount, currency), buckets: bars.map((bar) => `${bar.label}: ${bar.valueText}`).join("; ") });
  return (
    <ChartFigure
      caption={caption}
      tableCaption={t("dashboard.inCurrency", { what: caption, currency })}
      head={[t("dashboard.lateness"), t("invoice.amount"), t("dashboard.count")]}
      rows={bars.map((bar) => (
        <tr key={bar.key}>
          <th scope="row">{bar.label}</th>
          <td class="number">{bar.valueText}</td>
          <td class="number">{numberText(bar.count)}</td>
        </tr>
      ))}
    >
      <BarChart bars={bars} summary={summary} />
    </ChartFigure>
  );
}

/** The best clients, each linking to their invoices over the same period. */
function TopClients({ clients, currency, range }: { clients: CurrencyFigures["top_clients"]; currency: string; range: Range }): JSX.Element {
  const invoicesOf = (client: (typeof clients)[number]): string =>
    withQuery("/app/invoices", { client_id: client.client_id, q: client.client_id ? undefined : client.name.slice(0, 200), from_date: range.from, to_date: range.to });
  return (
    <>
      <h3>{t("dashboard.topClients")}</h3>
      {clients.length === 0 ? (
        <p>{t("dashboard.noClients")}</p>
      ) : (
        <Table caption={t("dashboard.inCurrency", { what: t("dashboard.topClients"), currency })} head={[t("invoices.client"), t("dashboard.revenue"), t("dashboard.paidCount")]}>
          {clients.map((client) => (
            <tr key={client.client_id ?? client.name}>
              <th scope="row">
                <Link href={invoicesOf(client)}>{client.name}</Link>
              </th>
              <td class="number">{money(client.revenue, currency)}</td>
              <td class="number">{numberText(client.count)}</td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}

type BreakdownRow = { key: string; name: JSX.Element | string; count: number; total: number };

/** A small table of counts and totals, left out when there is nothing to count. */
function BreakdownTable({ title, first, rows, currency }: { title: string; first: string; rows: BreakdownRow[]; currency: string }): JSX.Element | null {
  if (rows.length === 0) return null;
  return (
    <div>
      <h3>{title}</h3>
      <Table caption={t("dashboard.inCurrency", { what: title, currency })} head={[first, t("dashboard.count"), t("invoices.total")]}>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.name}</th>
            <td class="number">{numberText(row.count)}</td>
            <td class="number">{money(row.total, currency)}</td>
          </tr>
        ))}
      </Table>
    </div>
  );
}

function CurrencySection({ figures, by, range }: { figures: CurrencyFigures; by: Grouping; range: Range }): JSX.Element {
  const { currency, breakdown } = figures;
  const headingId = `dashboard-${currency}`;
  return (
    <section class="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{currencyName(currency)}</h2>
      <KeyFigures figures={figures} range={range} />
      <div class="columns">
        <RevenueFigure revenue={figures.revenue} currency={currency} by={by} range={range} />
        <AgingFigure aging={figures.aging} currency={currency} />
      </div>
      <TopClients clients={figures.top_clients} currency={currency} range={range} />
      <div class="columns">
        <BreakdownTable
          title={t("dashboard.byStatus")}
          first={t("invoices.status")}
          currency={currency}
          rows={breakdown.by_status.map((entry) => ({ key: entry.status, name: <StatusChip status={entry.status} />, count: entry.count, total: entry.total }))}
        />
        <BreakdownTable
          title={t("dashboard.byType")}
          first={t("editor.type")}
          currency={currency}
          rows={breakdown.by_type.map((entry) => ({ key: entry.type, name: t(`type.${entry.type}`), count: entry.count, total: entry.total }))}
        />
      </div>
    </section>
  );
}

function PeriodPicker({ choice }: { choice: Choice }): JSX.Element {
  const groupings: readonly Grouping[] = RANGES[choice.range].groupings;
  return (
    <div class="filters">
      <fieldset>
        <legend>{t("dashboard.period")}</legend>
        <div class="chips">
          {RANGE_NAMES.map((range) => (
            <button key={range} type="button" aria-pressed={choice.range === range} onClick={() => show({ range, by: RANGES[range].groupings[0] })}>
              {t(`dashboard.range.${range}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("dashboard.groupBy")}</legend>
        <div class="chips">
          {GROUPINGS.filter((grouping) => groupings.includes(grouping)).map((by) => (
            <button key={by} type="button" aria-pressed={choice.by === by} onClick={() => show({ ...choice, by })}>
              {t(`dashboard.by.${by}`)}
            </button>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/** An account without a single document yet: where to start, rather than empty charts. */
function FirstSteps(): JSX.Element {
  const { me } = useSession();
  return (
    <section class="card" aria-labelledby="dashboard-first-steps">
      <h2 id="dashboard-first-steps">{t("dashboard.emptyTitle")}</h2>
      <p>{t("dashboard.empty")}</p>
      {can(me, "invoices:write") && (
        <Link href="/app/invoices/new" class="button primary">
          {t("editor.newInvoice")}
        </Link>
      )}
    </section>
  );
}

export function Page({ query }: PageProps): JSX.Element {
  const choice = choiceOf(query);
  // Asked together, so they go as one batched request: an account without a single document is
  // shown where to begin rather than empty charts.
  const usual = useQuery(() => api.analytics.get.query({}), []);
  const documents = useQuery(() => api.invoices.list.query({ limit: 1 }), []);
  // Any other period is counted back from the account's today, which the first answer tells.
  const today = usual.data?.as_of;
  const chosen = useQuery(() => (today && !isUsual(choice) ? api.analytics.get.query(requestFor(choice, today)) : Promise.resolve(null)), [today, choice.range, choice.by]);
  const shown = isUsual(choice) ? usual : chosen;
  const analytics = shown.data;
  const loading = shown.loading || (!shown.data && !shown.error);
  const firstSteps = documents.data?.total === 0;
  const error = usual.error ?? documents.error ?? chosen.error;

  let body: JSX.Element | null;
  if (firstSteps) body = <FirstSteps />;
  else if (!analytics || !documents.data) body = error ? null : <Loading />;
  else if (analytics.currencies.length === 0) body = <p>{t("dashboard.emptyRange")}</p>;
  else {
    const range = { from: analytics.from_date, to: analytics.to_date };
    body = (
      <>
        {analytics.currencies.map((figures) => (
          <CurrencySection key={figures.currency} figures={figures as CurrencyFigures} by={analytics.granularity as Grouping} range={range} />
        ))}
      </>
    );
  }
  return (
    <>
      <PageTitle>{t("dashboard.title")}</PageTitle>
      {usual.data && documents.data && !firstSteps && (
        <>
          <PeriodPicker choice={choice} />
          <p class="muted" role="status">
            {loading ? t("common.loading") : analytics && t("dashboard.showing", { from: day(analytics.from_date), to: day(analytics.to_date), today: day(analytics.as_of) })}
          </p>
        </>
      )}
      <ErrorNote error={error} />
      {body}
    </>
  );
}
