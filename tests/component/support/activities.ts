import type { ActivityTax } from '@/schemas/cnae'

// Activities as `GET /reports/simples-nacional` describes them (mock-server/reference/cnaes.ts
// from the CNAE data, fixtures/cnae-details.json and the MEI occupations of Anexo XI), for the
// screens that show a company's annexes and DAS.

export const designActivity: ActivityTax = {
  code: '7410202',
  text: 'Design de interiores',
  simplesAnnexes: ['III', 'V'],
  fatorR: true,
  basis: 'LC 123/2006, art. 18, §§ 5º-I, 5º-J e 5º-M: serviço sujeito ao fator R.',
  services: ['23.01'],
  meiOccupations: [],
}

export const lawActivity: ActivityTax = {
  code: '6911701',
  text: 'Serviços advocatícios',
  simplesAnnexes: ['IV'],
  fatorR: false,
  basis: 'LC 123/2006, art. 18, § 5º-C: serviço tributado pelo Anexo IV.',
  services: ['17.14'],
  meiOccupations: [],
}

export const yogaActivity: ActivityTax = {
  code: '9313100',
  text: 'Atividades de condicionamento físico',
  simplesAnnexes: ['III', 'V'],
  fatorR: true,
  basis: 'LC 123/2006, art. 18, §§ 5º-D e 5º-M, II: academias, sujeitas ao fator R.',
  services: ['06.04'],
  meiOccupations: [],
}

export const autoPartsActivity: ActivityTax = {
  code: '4530703',
  text: 'Comércio a varejo de peças e acessórios novos para veículos automotores',
  simplesAnnexes: ['I'],
  fatorR: false,
  basis: 'LC 123/2006, art. 18, § 4º, I: revenda de mercadorias.',
  services: [],
  meiOccupations: [],
}

export const mechanicActivity: ActivityTax = {
  code: '4520001',
  text: 'Serviços de manutenção e reparação mecânica de veículos automotores',
  simplesAnnexes: ['III'],
  fatorR: false,
  basis: 'LC 123/2006, art. 18, § 5º-B: serviço tributado pelo Anexo III, sem fator R.',
  services: [],
  meiOccupations: [],
}

/** Not in the curated classification: no annex. */
export const eventsActivity: ActivityTax = {
  code: '8230001',
  text: 'Serviços de organização de feiras, congressos, exposições e festas',
  simplesAnnexes: null,
  fatorR: false,
  basis: null,
  services: [],
  meiOccupations: [{ occupation: 'Promotor(a) de eventos independente', iss: true, icms: false }],
}

/** A MEI that repairs computers: ISS only. */
export const computerRepairActivity: ActivityTax = {
  code: '9511800',
  text: 'Reparação e manutenção de computadores e de equipamentos periféricos',
  simplesAnnexes: ['III'],
  fatorR: false,
  basis: null,
  services: [],
  meiOccupations: [
    { occupation: 'Técnico(a) de manutenção de computador independente', iss: true, icms: false },
  ],
}

/** Two occupations of one code that pay differently. */
export const metalStampingActivity: ActivityTax = {
  code: '2532201',
  text: 'Produção de artefatos estampados de metal',
  simplesAnnexes: null,
  fatorR: false,
  basis: null,
  services: [],
  meiOccupations: [
    { occupation: 'Fabricante de artefatos de funilaria independente', iss: false, icms: true },
    {
      occupation: 'Fabricante de artefatos estampados de metal, sob encomenda ou não independente',
      iss: true,
      icms: true,
    },
  ],
}

/** Marketing direto (ana's second activity): LC 116 item 17.06, by the fator R. */
export const marketingActivity: ActivityTax = {
  code: '7319003',
  text: 'Marketing direto',
  simplesAnnexes: ['III', 'V'],
  fatorR: true,
  basis: 'LC 123/2006, art. 18, §§ 5º-I, 5º-J e 5º-M: serviço sujeito ao fator R.',
  services: ['17.06'],
  meiOccupations: [],
}
