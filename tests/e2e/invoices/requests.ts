import type { NfsRequestCreate } from '../../../src/schemas/invoice'
import { exampleInvoiceBody } from '../../server/contracts/invoices'

// Every NFS-e request the e2e specs make, as the API receives it: tests/unit/nfse-documents.test.ts
// builds, validates against the official XSD and signs the DPS of each. A request whose service
// the spec picks from the company's list (`selectOption`) leaves `taxationCode` open: the unit
// test tries each code the company has.

/** invoices.spec: ana asks for a note with a CPF taker (the address from the CEP lookup). */
export const cpfTakerRequest = {
  cnpj: '45218739000102',
  totalValue: 1234.56,
  serviceDescription: 'Identidade visual para consultório particular',
  municipalityCode: '3550308',
  issWithheld: false,
  taker: {
    document: '71352439948',
    name: 'Mariana Costa Alves',
    email: 'mariana.alves@example.com',
    address: {
      zipCode: '01001000',
      state: 'SP',
      city: 'São Paulo',
      street: 'Praça da Sé',
      number: '321',
      complement: '',
      neighborhood: 'Sé',
    },
  },
} satisfies Omit<NfsRequestCreate, 'taxationCode'>

/** invoices.spec: the schedule on day 31 (no taker), whose monthly request the job makes. */
export const scheduledRequest = {
  cnpj: '45218739000102',
  totalValue: 777,
  serviceDescription: 'Mensalidade de gestão de marca (e2e)',
  municipalityCode: '3550308',
  issWithheld: false,
  taker: null,
} satisfies Omit<NfsRequestCreate, 'taxationCode'>

/**
 * nfse.spec: ana asks (in the form, the code typed, the address from the CEP lookup) for the
 * note the accountant issues through the national system, then cancels.
 */
export const nationalIssueRequest = {
  cnpj: '45218739000102',
  totalValue: 2480.9,
  serviceDescription: 'Direção de arte da campanha de inverno — peças para redes sociais',
  taxationCode: '230101',
  municipalityCode: '3550308',
  issWithheld: true,
  issTaxation: 'taxable',
  taker: {
    document: '66769352000114',
    name: 'Café Bom Grão Comércio Ltda',
    email: 'marketing@cafebomgrao.com.br',
    address: {
      zipCode: '01310200',
      state: 'SP' as const,
      city: 'São Paulo',
      street: 'Avenida Paulista',
      number: '1000',
      complement: '',
      neighborhood: 'Bela Vista',
    },
  },
}

/** back-office.spec: ana's request the accountant issues by hand (number and PDF). */
export const manualIssueRequest = {
  ...exampleInvoiceBody,
  serviceDescription: 'Ensaio fotográfico de catálogo 1767000000000',
}

/** The requests with their taxation code fixed; the others take each of the company's codes. */
export const fixedCodeRequests = [nationalIssueRequest, manualIssueRequest]
export const openCodeRequests = [cpfTakerRequest, scheduledRequest]
