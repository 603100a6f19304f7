import { FATOR_R_THRESHOLD } from '@/kernel/tax/facts'
import styles from './Payroll.module.css'

// A month without pró-labore is a choice the owner makes, with what it costs said beside it: a
// blank field is not zero (docs/product.md §5).

export const PAYROLL_BLANK =
  'Informe o pró-labore de cada sócio, ou marque "Sem pró-labore neste mês".'

export const blankProLabore = (name: string) =>
  `Informe o pró-labore de ${name} neste mês (ou marque "Sem pró-labore neste mês").`

const threshold = `${Math.round(FATOR_R_THRESHOLD * 100)} %`

/** The checkbox and its consequence for the fator R (or for the DCTFWeb only). */
export function NoProLaboreChoice({
  checked,
  onChange,
  subjectToFatorR,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  subjectToFatorR: boolean
}) {
  return (
    <div className={styles.choice}>
      <label>
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby="sem-pro-labore-efeito"
        />{' '}
        Sem pró-labore neste mês
      </label>
      <p id="sem-pro-labore-efeito" className={styles.consequence}>
        {subjectToFatorR
          ? `Sem pró-labore, a folha do mês conta zero para o fator R: se a folha dos 12 meses ficar abaixo de ${threshold} da receita, as atividades sujeitas ao fator R passam do Anexo III para o Anexo V, que começa em 15,5 %.`
          : 'Sem pró-labore não há INSS nem IRRF a reter: a DCTFWeb do mês vai sem guia. A empresa não tem atividade sujeita ao fator R, então o anexo não muda.'}
      </p>
    </div>
  )
}
