import type { PageContent, Story } from '@/schemas/content'
import type { Area } from '@/services/site/areas/api'
import { formatCnaeCode } from '@/schemas/slug'
import { Badge } from '@/ui/Feedback'
import { Icon } from '@/ui/Icon'
import { ContentLink } from '../content/ContentLink'
import { cnaeHref } from '../content/links'
import { StoryPage } from './StoryPage'
import styles from './AreaPage.module.css'

function AreaDetails({ area, titles }: { area: Area; titles: Record<string, string> }) {
  return (
    <section className={styles.section} aria-labelledby="area-detalhes">
      <div className="container">
        <h2 id="area-detalhes" className={styles.title}>
          {titles.title}
        </h2>
        <p className={styles.summary}>{area.summary}</p>
        <div className={styles.grid}>
          <div className={styles.panel}>
            <h3>{titles.activities_title}</h3>
            <ul className={styles.activities}>
              {area.activities.map((cnae) => (
                <li key={cnae.code}>
                  <ContentLink href={cnaeHref(cnae)}>
                    <span className={styles.code}>{formatCnaeCode(cnae.code)}</span> {cnae.text}
                  </ContentLink>
                  <span className={styles.tags}>
                    {cnae.taxRates && cnae.taxRates.simples.length > 0 && (
                      <Badge tone="info">
                        Anexo {cnae.taxRates.simples.map((rate) => rate.annex).join(' ou ')}
                      </Badge>
                    )}
                    {cnae.isRFactor && <Badge tone="warning">Fator R</Badge>}
                    {cnae.isAllowedMei && <Badge tone="success">MEI</Badge>}
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <div className={styles.panel}>
            <h3>{titles.registrations_title}</h3>
            <ul className={styles.checks}>
              {area.registrations.map((item) => (
                <li key={item}>
                  <Icon name="document" size={18} />
                  {item}
                </li>
              ))}
            </ul>
            <h3>{titles.checklist_title}</h3>
            <ul className={styles.checks}>
              {area.checklist.map((item) => (
                <li key={item}>
                  <Icon name="check" size={18} />
                  {item}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  )
}

/**
 * /areas/{slug}: the area's story, with the area's data (GET /areas/{slug}) where its
 * area_details blok goes. Without that data (the call failed and was logged), the page still
 * shows all of its content.
 */
export function AreaPage({
  story,
  area,
  path,
}: {
  story: Story<PageContent>
  area: Area | null
  path: string
}) {
  const blok = story.content.body.find((item) => item.component === 'area_details')
  const titles = Object.fromEntries(
    ['title', 'activities_title', 'registrations_title', 'checklist_title'].map((key) => [
      key,
      typeof blok?.[key] === 'string' ? (blok[key] as string) : '',
    ]),
  )
  return (
    <StoryPage
      story={story}
      path={path}
      slots={{ area_details: area ? <AreaDetails area={area} titles={titles} /> : null }}
    />
  )
}
