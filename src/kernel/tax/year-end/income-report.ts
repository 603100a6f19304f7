// The partner's income report (comprovante de rendimentos pagos e de imposto sobre a renda retido
// na fonte, IN RFB 2.060/2021, Anexo I) in the official model's blocks: quadro 3 (taxable income:
// line 1 the pró-labore, line 2 the official social security, line 5 the IRRF), quadro 4 (exempt
// income: line 6, what a partner of an ME or EPP received besides pró-labore — the exempt profits
// of the Simples Nacional) and quadro 7 (complementary information: the profits above the exempt
// amount, taxable in the partner's annual return, and the 10 % withheld on profits from 2026,
// whose place in the model is not yet published). Cents.

export const incomeReportSources = {
  MODEL:
    'IN RFB nº 2.060/2021, Anexo I (modelo do comprovante de rendimentos pagos e de imposto sobre a renda retido na fonte)',
  EXEMPT_LINE:
    'IN RFB nº 2.060/2021, Anexo I, quadro 4, linha 6 (valores pagos ao titular ou sócio de microempresa ou empresa de pequeno porte, exceto pró-labore, aluguéis ou serviços prestados)',
} as const

export interface IncomeReportFigures {
  proLabore: number
  inss: number
  irrf: number
  /** Profits received in the year. */
  profits: number
  /** Of which exempt (up to the company's exempt limit). */
  exemptProfits: number
  /** The 10 % withheld on profits (from 2026). */
  profitsIrrf: number
}

export interface ReportLine {
  /** The model's line number, or null for a free text. */
  line: number | null
  label: string
  /** Cents, or null for a text line. */
  amount: number | null
}

export interface ReportBlock {
  /** The model's quadro. */
  quadro: number
  title: string
  lines: ReportLine[]
}

/** The blocks of the model with a partner's figures. */
export function incomeReportBlocks(year: number, figures: IncomeReportFigures): ReportBlock[] {
  const taxableProfits = figures.profits - figures.exemptProfits
  const complementary: ReportLine[] = []
  if (taxableProfits > 0)
    complementary.push({
      line: null,
      label:
        'Lucros pagos acima do limite de isenção do Simples Nacional (LC 123/2006, art. 14): rendimento tributável na declaração anual do sócio',
      amount: taxableProfits,
    })
  if (figures.profitsIrrf > 0)
    complementary.push({
      line: null,
      label: `Imposto retido sobre lucros e dividendos em ${year} (Lei 9.250/1995, art. 6º-A; DARF 1841): a linha do modelo para este valor ainda não foi publicada pela Receita`,
      amount: figures.profitsIrrf,
    })
  return [
    {
      quadro: 3,
      title: 'Rendimentos tributáveis, deduções e imposto sobre a renda retido na fonte',
      lines: [
        {
          line: 1,
          label: 'Total dos rendimentos (inclusive férias): pró-labore',
          amount: figures.proLabore,
        },
        { line: 2, label: 'Contribuição previdenciária oficial', amount: figures.inss },
        { line: 3, label: 'Contribuições a entidades de previdência complementar', amount: 0 },
        { line: 4, label: 'Pensão alimentícia', amount: 0 },
        { line: 5, label: 'Imposto sobre a renda retido na fonte', amount: figures.irrf },
      ],
    },
    {
      quadro: 4,
      title: 'Rendimentos isentos e não tributáveis',
      lines: [
        {
          line: 6,
          label:
            'Valores pagos ao titular ou sócio da microempresa ou empresa de pequeno porte, exceto pró-labore, aluguéis ou serviços prestados',
          amount: figures.exemptProfits,
        },
      ],
    },
    {
      quadro: 7,
      title: 'Informações complementares',
      lines: complementary,
    },
  ]
}
