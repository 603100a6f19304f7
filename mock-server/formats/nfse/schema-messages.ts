import type { SchemaProblem } from './xsd'

// What the official schema refused, said in pt-BR with the field's name as the screens call it
// (and, where the field comes from the request, the request's field for the form).

type Field = { label: string; field?: (string | number)[] }

const fields: Record<string, Field> = {
  'infDPS/serie': { label: 'Série da DPS' },
  'infDPS/nDPS': { label: 'Número da DPS' },
  'infDPS/dhEmi': { label: 'Data e hora de emissão' },
  'infDPS/dCompet': { label: 'Data do serviço (competência)', field: ['date'] },
  'infDPS/cLocEmi': { label: 'Município do prestador (endereço da empresa)' },
  'infDPS/prest/CNPJ': { label: 'CNPJ do prestador', field: ['cnpj'] },
  'infDPS/toma/CNPJ': { label: 'CNPJ do tomador', field: ['taker', 'document'] },
  'infDPS/toma/CPF': { label: 'CPF do tomador', field: ['taker', 'document'] },
  'infDPS/toma/xNome': { label: 'Nome ou razão social do tomador', field: ['taker', 'name'] },
  'infDPS/toma/email': { label: 'E-mail do tomador', field: ['taker', 'email'] },
  'infDPS/toma/end/endNac/CEP': { label: 'CEP do tomador', field: ['taker', 'address', 'zipCode'] },
  'infDPS/toma/end/xLgr': { label: 'Rua do tomador', field: ['taker', 'address', 'street'] },
  'infDPS/toma/end/nro': {
    label: 'Número do endereço do tomador',
    field: ['taker', 'address', 'number'],
  },
  'infDPS/toma/end/xCpl': {
    label: 'Complemento do endereço do tomador',
    field: ['taker', 'address', 'complement'],
  },
  'infDPS/toma/end/xBairro': {
    label: 'Bairro do tomador',
    field: ['taker', 'address', 'neighborhood'],
  },
  'infDPS/serv/locPrest/cLocPrestacao': {
    label: 'Município da prestação',
    field: ['municipalityCode'],
  },
  'infDPS/serv/cServ/cTribNac': {
    label: 'Código de tributação nacional',
    field: ['taxationCode'],
  },
  'infDPS/serv/cServ/xDescServ': { label: 'Descrição do serviço', field: ['serviceDescription'] },
  'infDPS/valores/vServPrest/vServ': { label: 'Valor do serviço', field: ['totalValue'] },
  'infDPS/valores/trib/tribMun/tribISSQN': { label: 'Tributação do ISS', field: ['issTaxation'] },
  'infDPS/valores/trib/tribMun/tpRetISSQN': {
    label: 'Retenção do ISS',
    field: ['issWithheld'],
  },
  'infDPS/valores/trib/totTrib/pTotTribSN': {
    label: 'Percentual aproximado do Simples Nacional',
  },
  'infPedReg/e101101/xMotivo': { label: 'Motivo do cancelamento', field: ['reason'] },
  'infPedReg/e101101/cMotivo': { label: 'Código do cancelamento', field: ['code'] },
}

/** What the facet of a libxml2 message means, in pt-BR. */
function explanation(message: string): string {
  const limit = /length of '(\d+)'/.exec(message.split('allowed').at(-1) ?? '')?.[1]
  if (message.includes("[facet 'maxLength']"))
    return `pode ter no máximo ${limit ?? 'o'} caracteres`
  if (message.includes("[facet 'minLength']"))
    return limit === '1' ? 'não pode ficar vazio' : `precisa ter pelo menos ${limit} caracteres`
  if (message.includes("[facet 'enumeration']")) return 'tem um valor que o leiaute não prevê'
  if (message.includes("[facet 'pattern']"))
    return 'tem caracteres ou formato que o leiaute não aceita (use letras, números e pontuação comuns, sem quebras de linha, emojis ou espaços nas pontas)'
  if (/Missing child element|not expected/.test(message)) return 'está faltando ou fora de ordem'
  return 'não está de acordo com o leiaute'
}

export type SchemaIssue = { path: (string | number)[]; message: string }

/** Each problem as a pt-BR message naming its field, and where the request has it. */
export function schemaIssues(problems: SchemaProblem[], schemaFile: string): SchemaIssue[] {
  return problems.map((problem) => {
    const known = fields[problem.path.join('/')]
    const label =
      known?.label ?? (problem.path.at(-1) ? `Campo ${problem.path.at(-1)}` : 'Documento')
    const value = problem.value ? ` ("${problem.value}")` : ''
    return {
      path: known?.field ?? problem.path,
      message: `${label}${value} ${explanation(problem.message)} (esquema oficial ${schemaFile}).`,
    }
  })
}
