import { StepFrame } from '../StepFrame'
import { stepHeading } from '../step-labels'
import type { StepContext } from './step-context'
import styles from './Waiting.module.css'

/**
 * Step 4 of the opening, done by the accountant: the client sees what is being prepared and what
 * comes next. The wizard checks the track every few seconds, so the guide shows up by itself.
 */
export function AwaitingGuideStep({ context }: { context: StepContext }) {
  return (
    <StepFrame {...stepHeading('awaiting-guide')} focusOnMount={context.focusOnMount}>
      <div className={styles.waiting} role="status">
        <span className={styles.pulse} aria-hidden="true" />
        <p>
          <strong>A contabilidade está preparando a guia da taxa de registro</strong> da Junta
          Comercial para {context.company.alias ?? context.company.name}. Ela aparece aqui assim que
          for anexada; esta tela se atualiza sozinha.
        </p>
      </div>
      <ol className={styles.next} aria-label="O que vem a seguir">
        <li>
          <strong>Você paga a guia</strong> no banco ou no aplicativo, pelo arquivo ou pela linha
          digitável, e envia o comprovante aqui.
        </li>
        <li>
          <strong>Registramos a empresa</strong> na Junta Comercial e na Receita Federal.
        </li>
        <li>
          <strong>Com o CNPJ emitido</strong>, você confere os dados da empresa e começa a usar o
          painel.
        </li>
      </ol>
    </StepFrame>
  )
}
