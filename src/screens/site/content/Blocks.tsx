import type { ComponentType, ReactNode } from 'react'
import {
  isResolved,
  type Blok,
  type Multilink,
  type PlanContent,
  type PostContent,
  type Relation,
  type RichText as RichTextDoc,
  type TestimonialContent,
} from '@/schemas/content'
import type { TrackId } from '@/schemas/company'
import { formatDate, formatInteger, formatMoney, formatPercent } from '@/lib/format'
import { Badge } from '@/ui/Feedback'
import { Icon, type IconName } from '@/ui/Icon'
import { buttonClass } from '@/ui/Button'
import { ContentLink } from './ContentLink'
import { multilinkHref } from './links'
import { useProgressive } from './progressive'
import { RichText } from './RichText'
import { LeadFormSlot } from '../forms/LeadFormSlot'
import { Island } from '../islands/Island'
import { CitySearch } from './CitySearch'
import { exampleCompany, exampleCompanySummary } from './example-company'
import styles from './Blocks.module.css'
import tables from './Tables.module.css'

// The component map: each story blok's `component` picks its renderer here. Bloks that need data
// the page loads itself (the blog list, the CNAE search, a CNAE's details, an area's activities)
// are "slots" the page fills in. An unknown component renders nothing for visitors and a visible
// note in preview, so editors see what the site does not know how to show.

export type BlockContext = {
  /** The page's path: a lead's source. */
  path: string
  preview: boolean
  /** Page-specific renderers for bloks the page provides (post_index, cnae_search, …). */
  slots?: Partial<Record<string, ReactNode>>
}

type BlockProps<T> = { blok: Blok & T; ctx: BlockContext }

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const lines = (value: unknown) =>
  text(value)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
const bloks = (value: unknown) => (Array.isArray(value) ? (value as Blok[]) : [])
const resolved = <C extends Blok>(value: unknown) =>
  (Array.isArray(value) ? (value as Relation<C>[]) : []).filter(isResolved)

/** CMS icon names, mapped onto the UI kit's icon set. */
const iconNames: Record<string, IconName> = {
  people: 'users',
  receipt: 'receipt',
  invoice: 'invoice',
  chart: 'chart',
  bank: 'bank',
  chat: 'chat',
  search: 'search',
  document: 'document',
  building: 'building',
  clock: 'clock',
  globe: 'globe',
}

function ButtonLink({ blok }: { blok: Blok }) {
  const href = multilinkHref(blok.link as Multilink)
  if (!href) return null
  const variant =
    (['primary', 'secondary', 'accent'] as const).find((v) => v === blok.variant) ?? 'primary'
  return (
    <ContentLink href={href} className={buttonClass({ variant, size: 'lg' })}>
      {text(blok.label)}
    </ContentLink>
  )
}

function SectionHeader({
  title,
  intro,
  center = true,
}: {
  title: unknown
  intro?: unknown
  center?: boolean
}) {
  if (!text(title) && !text(intro)) return null
  return (
    <header className={center ? styles.sectionHeaderCenter : styles.sectionHeader}>
      {text(title) && <h2>{text(title)}</h2>}
      {text(intro) && <p className={styles.intro}>{text(intro)}</p>}
    </header>
  )
}

function Hero({ blok, ctx }: BlockProps<{ eyebrow?: string; headline?: string; text?: string }>) {
  const aside = bloks(blok.aside)
  const actions = [...bloks(blok.primary), ...bloks(blok.secondary)]
  return (
    <section className={styles.hero} data-blok={blok.component}>
      <div className={`container ${aside.length > 0 ? styles.heroSplit : styles.heroSingle}`}>
        <div className={styles.heroCopy}>
          {text(blok.eyebrow) && <p className={styles.eyebrow}>{text(blok.eyebrow)}</p>}
          <h1>{text(blok.headline)}</h1>
          {text(blok.text) && <p className={styles.heroText}>{text(blok.text)}</p>}
          {actions.length > 0 && (
            <div className={styles.actions}>
              {actions.map((button) => (
                <ButtonLink key={button._uid} blok={button} />
              ))}
            </div>
          )}
          {lines(blok.highlights).length > 0 && (
            <ul className={styles.highlights}>
              {lines(blok.highlights).map((line) => (
                <li key={line}>
                  <Icon name="check" size={18} />
                  {line}
                </li>
              ))}
            </ul>
          )}
        </div>
        {aside.length > 0 && (
          <div className={styles.heroAside}>
            <Blocks blocks={aside} ctx={ctx} />
          </div>
        )}
      </div>
    </section>
  )
}

function Stats({ blok }: BlockProps<object>) {
  return (
    <section className={styles.stats} aria-label="A Contabil em números">
      <ul className={`container ${styles.statsList}`}>
        {bloks(blok.items).map((item) => (
          <li key={item._uid}>
            <strong>{text(item.value)}</strong>
            <span>{text(item.label)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

function Benefits({ blok }: BlockProps<object>) {
  return (
    <section className={`${styles.section} ${styles.surface}`}>
      <div className="container">
        <SectionHeader title={blok.title} intro={blok.intro} />
        <ul className={styles.cards}>
          {bloks(blok.items).map((item) => (
            <li key={item._uid} className={styles.card}>
              <span className={styles.cardIcon}>
                <Icon name={iconNames[text(item.icon)] ?? 'check'} size={24} />
              </span>
              <h3>{text(item.title)}</h3>
              <p>{text(item.text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

function Steps({ blok }: BlockProps<object>) {
  return (
    <section className={styles.section}>
      <div className="container">
        <SectionHeader title={blok.title} intro={blok.intro} />
        <ol className={styles.steps}>
          {bloks(blok.items).map((item, index) => (
            <li key={item._uid}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3>{text(item.title)}</h3>
              <p>{text(item.text)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}

function Pricing({ blok }: BlockProps<object>) {
  const plans = resolved<PlanContent>(blok.plans)
  const href = multilinkHref(blok.cta_link as Multilink)
  return (
    <section className={`${styles.section} ${styles.surface}`} id="planos">
      <div className="container">
        <SectionHeader title={blok.title} intro={blok.intro} />
        <ul className={plans.length === 1 ? styles.planSingle : styles.plans}>
          {plans.map(({ uuid, content: plan }) => (
            <li
              key={uuid}
              className={
                plan.highlighted ? `${styles.plan} ${styles.planHighlighted}` : styles.plan
              }
            >
              {plan.highlighted && <p className={styles.planBadge}>Mais escolhido</p>}
              <h3>{plan.name}</h3>
              <p className={styles.planAudience}>{plan.audience}</p>
              <p className={styles.planPrice}>
                <strong>{formatMoney(plan.price)}</strong>
                <span>{plan.price_note}</span>
              </p>
              <ul className={styles.planFeatures}>
                {lines(plan.features).map((feature) => (
                  <li key={feature}>
                    <Icon name="check" size={18} />
                    {feature}
                  </li>
                ))}
              </ul>
              {href && (
                <ContentLink
                  href={href}
                  className={buttonClass({
                    variant: plan.highlighted ? 'accent' : 'secondary',
                    block: true,
                  })}
                  aria-label={`${text(blok.cta_label) || 'Escolher'}: plano ${plan.name}`}
                >
                  {text(blok.cta_label) || 'Escolher'}
                </ContentLink>
              )}
            </li>
          ))}
        </ul>
        {text(blok.footnote) && <p className={styles.footnote}>{text(blok.footnote)}</p>}
      </div>
    </section>
  )
}

function Faq({ blok }: BlockProps<object>) {
  return (
    <section className={styles.section}>
      <div className={`container ${styles.narrow}`}>
        <SectionHeader title={blok.title} />
        <div className={styles.faq}>
          {bloks(blok.items).map((item) => (
            <details key={item._uid} className={styles.faqItem}>
              <summary>
                <span>{text(item.question)}</span>
                <Icon name="chevronDown" size={20} />
              </summary>
              <RichText doc={item.answer as RichTextDoc} className={styles.faqAnswer} />
            </details>
          ))}
        </div>
      </div>
    </section>
  )
}

function Testimonials({ blok }: BlockProps<object>) {
  const items = resolved<TestimonialContent>(blok.items)
  return (
    <section className={`${styles.section} ${styles.brandSurface}`}>
      <div className="container">
        <SectionHeader title={blok.title} />
        <ul className={styles.testimonials}>
          {items.map(({ uuid, content }) => (
            <li key={uuid}>
              <figure>
                <blockquote>“{content.quote}”</blockquote>
                <figcaption>
                  <strong>{content.author}</strong>
                  <span>
                    {content.business} · {content.city}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

function Cta({ blok }: BlockProps<object>) {
  return (
    <section className={styles.cta}>
      <div className={`container ${styles.ctaInner}`}>
        <div>
          <h2>{text(blok.title)}</h2>
          {text(blok.text) && <p>{text(blok.text)}</p>}
        </div>
        <div className={styles.actions}>
          {bloks(blok.buttons).map((button) => (
            <ButtonLink key={button._uid} blok={button} />
          ))}
        </div>
      </div>
    </section>
  )
}

function RichTextSection({ blok }: BlockProps<object>) {
  return (
    <section className={styles.section}>
      <div className={`container ${styles.narrow}`}>
        <SectionHeader title={blok.title} center={false} />
        <RichText doc={blok.body as RichTextDoc} headingOffset={1} />
      </div>
    </section>
  )
}

type TableField = {
  thead?: { value?: string }[]
  tbody?: { _uid?: string; body?: { value?: string }[] }[]
}

function Table({ blok }: BlockProps<object>) {
  const table = (blok.table ?? {}) as TableField
  const head = table.thead ?? []
  return (
    <section className={styles.section}>
      <div className={`container ${styles.narrow}`}>
        <SectionHeader title={blok.title} intro={blok.intro} center={false} />
        <div className={tables.wrap}>
          <table className={tables.table}>
            {head.length > 0 && (
              <thead>
                <tr>
                  {head.map((cell, index) =>
                    cell.value ? (
                      <th key={index} scope="col">
                        {cell.value}
                      </th>
                    ) : (
                      <td key={index} />
                    ),
                  )}
                </tr>
              </thead>
            )}
            <tbody>
              {(table.tbody ?? []).map((row, rowIndex) => (
                <tr key={row._uid ?? rowIndex}>
                  {(row.body ?? []).map((cell, index) =>
                    index === 0 && !head[0]?.value ? (
                      <th key={index} scope="row">
                        {cell.value}
                      </th>
                    ) : (
                      <td key={index}>{cell.value}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {text(blok.footnote) && <p className={styles.footnote}>{text(blok.footnote)}</p>}
      </div>
    </section>
  )
}

function Callout({ blok }: BlockProps<{ tone?: string }>) {
  const tone = blok.tone === 'warning' ? styles.calloutWarning : styles.calloutInfo
  return (
    <section className={styles.calloutSection}>
      <div className={`container ${styles.narrow}`}>
        <div className={`${styles.callout} ${tone}`}>
          <Icon name={blok.tone === 'warning' ? 'alert' : 'clock'} size={24} />
          <div>
            <h2>{text(blok.title)}</h2>
            <RichText doc={blok.text as RichTextDoc} className={styles.calloutText} />
          </div>
        </div>
      </div>
    </section>
  )
}

function PostList({ blok }: BlockProps<object>) {
  const posts = resolved<PostContent>(blok.posts)
  const more = multilinkHref(blok.more_link as Multilink)
  return (
    <section className={`${styles.section} ${styles.surface}`}>
      <div className="container">
        <SectionHeader title={blok.title} />
        <PostCards posts={posts} />
        {more && (
          <p className={styles.more}>
            <ContentLink href={more} className={buttonClass({ variant: 'secondary' })}>
              {text(blok.more_label) || 'Ver todos'}
            </ContentLink>
          </p>
        )}
      </div>
    </section>
  )
}

/** Post cards, for the home page's selection and the blog list. */
export function PostCards({
  posts,
}: {
  posts: { uuid: string; slug: string; content: PostContent }[]
}) {
  return (
    <ul className={styles.posts}>
      {posts.map((post) => (
        <li key={post.uuid} className={styles.postCard}>
          <p className={styles.postCategory}>{post.content.category}</p>
          <h3>
            <ContentLink href={`/blog/posts/${post.slug}`} className={styles.postLink}>
              {post.content.title}
            </ContentLink>
          </h3>
          <p>{post.content.excerpt}</p>
          <p className={styles.postMeta}>
            {post.content.author} · {post.content.reading_minutes} min de leitura
          </p>
        </li>
      ))}
    </ul>
  )
}

function LeadFormBlock({ blok, ctx }: BlockProps<object>) {
  const plans = resolved<PlanContent>(blok.plans)
  const track =
    blok.track === 'create-company' || blok.track === 'migrate-company'
      ? (blok.track as TrackId)
      : null
  return (
    <Island
      name="lead-form"
      component={LeadFormSlot}
      props={{
        title: text(blok.title),
        text: text(blok.text),
        submitLabel: text(blok.submit_label) || 'Enviar',
        source: text(blok.source) || ctx.path,
        track,
        plans: plans
          .filter((plan) => plan.content.kind === 'subscription')
          .map((plan) => ({
            id: plan.content.plan_id,
            name: plan.content.name,
            price: plan.content.price,
          })),
      }}
    />
  )
}

type FigureRow = { key: string; label: string; value: string; note?: string; tone?: string }

const rowTones: Record<string, 'success' | 'info' | 'warning' | 'neutral'> = {
  success: 'success',
  info: 'info',
  warning: 'warning',
}

/** A card with figures, the way the app shows them (the home page's hero). */
function FigureCard({
  title,
  subtitle,
  rows,
  footnote,
}: {
  title: string
  subtitle?: string
  rows: FigureRow[]
  footnote?: string
}) {
  return (
    <figure className={styles.summary}>
      <figcaption className={styles.summaryHeader}>
        <span className={styles.summaryTitle}>{title}</span>
        {subtitle && <span className={styles.summarySubtitle}>{subtitle}</span>}
      </figcaption>
      <dl className={styles.summaryRows}>
        {rows.map((row) => (
          <div key={row.key}>
            <dt>{row.label}</dt>
            <dd>
              <strong>{row.value}</strong>
              {row.note && <Badge tone={rowTones[row.tone ?? ''] ?? 'neutral'}>{row.note}</Badge>}
            </dd>
          </div>
        ))}
      </dl>
      {footnote && <p className={styles.summaryFootnote}>{footnote}</p>}
    </figure>
  )
}

/** A card of figures an editor typed (for figures the product does not work out). */
function SummaryCard({ blok }: BlockProps<object>) {
  return (
    <FigureCard
      title={text(blok.title)}
      subtitle={text(blok.subtitle)}
      rows={bloks(blok.rows).map((row) => ({
        key: row._uid,
        label: text(row.label),
        value: text(row.value),
        note: text(row.note),
        tone: text(row.tone),
      }))}
      footnote={text(blok.footnote)}
    />
  )
}

const monthName = (month: string) =>
  new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' }).format(
    new Date(`${month}-15T12:00:00Z`),
  )

/**
 * The example company's month, as the app would show it: a fictional company whose figures the
 * product's Simples Nacional rules work out when the page is built (example-company.ts), never a
 * client's. The editor places the card; the figures are not theirs to type.
 */
function ExampleCompanyCard() {
  const summary = exampleCompanySummary()
  const month = monthName(summary.month)
  return (
    <FigureCard
      title={exampleCompany.name}
      subtitle={`Resumo de ${month} no app`}
      rows={[
        {
          key: 'das',
          label: `DAS de ${month}`,
          value: formatMoney(summary.das),
          note: 'Pago',
          tone: 'success',
        },
        {
          key: 'fator-r',
          label: 'Fator R (12 meses)',
          value: summary.fatorR === null ? '—' : formatPercent(summary.fatorR),
          note: `Anexo ${summary.annex}`,
          tone: 'info',
        },
        {
          key: 'invoices',
          label: 'Notas fiscais emitidas',
          value: formatInteger(summary.invoices),
        },
        {
          key: 'pro-labore',
          label: 'Pró-labore',
          value: formatMoney(summary.proLabore),
          note: 'Em dia',
          tone: 'success',
        },
        {
          key: 'next',
          label: 'Próxima guia',
          value: formatDate(summary.nextDasDue),
          note: `DAS de ${monthName(summary.nextMonth)}`,
          tone: 'warning',
        },
      ]}
      footnote="Empresa fictícia: os valores são calculados pelas regras do Simples Nacional que o app usa."
    />
  )
}

function CitySearchBlock({ blok }: BlockProps<object>) {
  const prefix = blok.prefix === 'contador-em' ? 'contador-em' : 'contabilidade-em'
  return (
    <section className={styles.section}>
      <div className={`container ${styles.narrow}`}>
        <SectionHeader title={blok.title} intro={blok.text} />
        <Island name="city-search" component={CitySearch} props={{ prefix }} />
      </div>
    </section>
  )
}

const components: Record<string, ComponentType<BlockProps<Record<string, unknown>>>> = {
  hero: Hero,
  stats: Stats,
  benefits: Benefits,
  steps: Steps,
  pricing: Pricing,
  faq: Faq,
  testimonials: Testimonials,
  cta: Cta,
  rich_text: RichTextSection,
  table: Table,
  callout: Callout,
  post_list: PostList,
  lead_form: LeadFormBlock,
  city_search: CitySearchBlock,
  summary_card: SummaryCard,
  example_company: ExampleCompanyCard,
}

/** The components the map knows (tests and the preview note use it). */
export const knownComponents = Object.keys(components)

export function Block({ blok, ctx }: { blok: Blok; ctx: BlockContext }) {
  if (ctx.slots && blok.component in ctx.slots) return <>{ctx.slots[blok.component]}</>
  const Component = components[blok.component]
  if (!Component) {
    if (!ctx.preview) return null
    return (
      <div className={`container ${styles.unknown}`} role="note">
        Pré-visualização: o componente “{blok.component}” ainda não tem visual no site e não aparece
        para os visitantes.
      </div>
    )
  }
  return <Component blok={blok} ctx={ctx} />
}

export function Blocks({
  blocks,
  ctx,
  progressive = false,
}: {
  blocks: Blok[] | undefined
  ctx: BlockContext
  /** A page's body: the first sections at once, the rest in the next tasks. */
  progressive?: boolean
}) {
  const list = blocks ?? []
  const shown = useProgressive(list.length, progressive ? 2 : list.length)
  return (
    <>
      {list.slice(0, shown).map((blok) => (
        <Block key={blok._uid} blok={blok} ctx={ctx} />
      ))}
    </>
  )
}
