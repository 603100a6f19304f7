import type { Cnae } from '@/schemas/cnae'
import type { PageContent, Story } from '@/schemas/content'
import { formatCnaeCode } from '@/schemas/slug'
import { formatDecimal } from '@/lib/format'
import { ContentLink } from '../content/ContentLink'
import tables from '../content/Tables.module.css'
import { cnaeHref } from '../content/links'
import { fillPlaceholders } from '../content/placeholders'
import { annexLabel, barredFromSimples } from '../cnae/cnae-facts'
import styles from '../cnae/Cnae.module.css'
import { StoryPage } from './StoryPage'

function CnaeDetails({ cnae }: { cnae: Cnae }) {
  const { hierarchy } = cnae
  const annex = annexLabel(cnae)
  return (
    <>
      <header className={styles.detailHeader}>
        <div className="container">
          <nav aria-label="Você está em" className={styles.breadcrumb}>
            <ContentLink href="/tools/cnae">Consulta CNAE</ContentLink>
            <span aria-hidden="true">/</span>
            <span>Seção {hierarchy.section.code}</span>
            <span aria-hidden="true">/</span>
            <span>Classe {hierarchy.class.formatted}</span>
          </nav>
          <p className={styles.detailCode}>CNAE {formatCnaeCode(cnae.code)}</p>
          <h1>{cnae.text}</h1>
          <dl className={styles.facts}>
            <div>
              <dt>Código</dt>
              <dd>
                {formatCnaeCode(cnae.code)} <span className="muted">({cnae.code})</span>
              </dd>
            </div>
            <div>
              <dt>Permitida ao MEI</dt>
              <dd>{cnae.isAllowedMei ? 'Sim' : 'Não'}</dd>
            </div>
            <div>
              <dt>Anexo do Simples Nacional</dt>
              <dd>{annex ?? (barredFromSimples(cnae) ? 'Não pode optar' : 'Não classificado')}</dd>
            </div>
            <div>
              <dt>Fator R</dt>
              <dd>
                {cnae.isRFactor === null ? 'Não classificado' : cnae.isRFactor ? 'Sim' : 'Não'}
              </dd>
            </div>
            <div>
              <dt>Situação</dt>
              <dd>{cnae.isActive ? 'Em vigor (CNAE 2.3)' : 'Fora de vigor'}</dd>
            </div>
          </dl>
        </div>
      </header>
      <div className={`container ${styles.detailBody}`}>
        <section aria-labelledby="hierarquia">
          <h2 id="hierarquia">Onde a atividade fica na CNAE</h2>
          <dl className={styles.hierarchy}>
            <div>
              <dt>Seção {hierarchy.section.code}</dt>
              <dd>{hierarchy.section.text}</dd>
            </div>
            <div>
              <dt>Divisão {hierarchy.division.formatted}</dt>
              <dd>{hierarchy.division.text}</dd>
            </div>
            <div>
              <dt>Grupo {hierarchy.group.formatted}</dt>
              <dd>{hierarchy.group.text}</dd>
            </div>
            <div>
              <dt>Classe {hierarchy.class.formatted}</dt>
              <dd>{hierarchy.class.text}</dd>
            </div>
            <div>
              <dt>Subclasse {hierarchy.subclass.formatted}</dt>
              <dd>{hierarchy.subclass.text}</dd>
            </div>
          </dl>
        </section>

        <section aria-labelledby="simples">
          <h2 id="simples">Simples Nacional</h2>
          {cnae.taxRates && cnae.taxRates.simples.length > 0 ? (
            <>
              <div className={tables.wrap}>
                <table className={tables.table}>
                  <caption className="visually-hidden">
                    Anexos do Simples Nacional desta atividade
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Anexo</th>
                      <th scope="col">Alíquota inicial</th>
                      <th scope="col">Quando se aplica</th>
                    </tr>
                  </thead>
                  <tbody>
                    {cnae.taxRates.simples.map((rate) => (
                      <tr key={rate.annex}>
                        <th scope="row">Anexo {rate.annex}</th>
                        <td>{formatDecimal(rate.nominalRateFirstBand)}%</td>
                        <td>{rate.condition ?? 'Sempre'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p className={styles.basis}>
                <strong>Base:</strong> {cnae.taxRates.basis} A alíquota inicial é a nominal da
                primeira faixa (receita de até R$ 180 mil em 12 meses); a alíquota efetiva depende
                do faturamento.
              </p>
            </>
          ) : (
            <p>
              {barredFromSimples(cnae)
                ? `Esta atividade não pode optar pelo Simples Nacional. ${cnae.taxRates?.basis ?? ''}`
                : 'Ainda não classificamos o anexo do Simples Nacional desta atividade. Pela Lei Complementar 123/2006, o anexo depende da descrição do que a empresa faz, e não só do código: um contador confirma o enquadramento antes da abertura.'}
            </p>
          )}
        </section>

        {(cnae.cnaeAllowedActivities || cnae.cnaeNotAllowedActivities) && (
          <section aria-labelledby="compreende" className={styles.columns}>
            <h2 id="compreende" className="visually-hidden">
              O que a subclasse compreende
            </h2>
            {cnae.cnaeAllowedActivities && (
              <div>
                <h3>Esta subclasse compreende</h3>
                <ul>
                  {cnae.cnaeAllowedActivities.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            )}
            {cnae.cnaeNotAllowedActivities && (
              <div>
                <h3>Esta subclasse não compreende</h3>
                <ul>
                  {cnae.cnaeNotAllowedActivities.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            )}
          </section>
        )}

        {cnae.obs && (
          <section aria-labelledby="observacoes">
            <h2 id="observacoes">Observações</h2>
            <p>{cnae.obs}</p>
          </section>
        )}

        <p className={styles.source}>
          Fontes: CNAE 2.3 (IBGE/Concla), tabela de CNAEs da Receita Federal e lista de ocupações
          permitidas ao MEI (Portal do Empreendedor). Anexo, fator R e notas sobre o que a subclasse
          compreende: classificação da equipe Contabil para as atividades mais comuns, com a base
          legal indicada.
        </p>
      </div>
    </>
  )
}

/** /tools/cnae/{code}-{text}: one CNAE subclass, in the page template of modelos/cnae. */
export function CnaePageScreen({ cnae, template }: { cnae: Cnae; template: Story<PageContent> }) {
  const story = fillPlaceholders(template, {
    codigo: formatCnaeCode(cnae.code),
    descricao: cnae.text,
  })
  return (
    <StoryPage
      story={story}
      path={cnaeHref(cnae)}
      slots={{ cnae_details: <CnaeDetails cnae={cnae} /> }}
    />
  )
}
