import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { danfsePdf } from '../../mock-server/domain/invoices/nfse/danfse'
import { buildNfse } from '../../mock-server/formats/nfse/documents'
import { buildDps } from '../../mock-server/domain/invoices/nfse/dps'
import { dpsInputOf } from '../../mock-server/domain/invoices/nfse/issuance'
import { municipalityLabel } from '../../mock-server/formats/nfse/places'
import { readDps, readNfse } from '../../mock-server/formats/nfse/reader'
import { buildSeed } from '../../mock-server/seed/index'
import {
  cityName,
  incidenceOf,
  nationalValues,
} from '../../mock-server/stand-ins/sefin-nacional/rules'
import { Store } from '../../mock-server/store/database'
import { attachRegistry } from '../../mock-server/domain/companies/registry'
import { standInRegistry } from '../../mock-server/stand-ins/receita-cnpj/registry'
import { validateAgainst } from '../../mock-server/formats/nfse/xsd'
import { pdfText } from '../pdf-text'

// The DANFSe (mock-server/domain/invoices/nfse/danfse.ts) against NT 008 v1.0
// (fixtures/nfse-real/danfse/nt-008-se-cgnfse-danfse-20260505.pdftotext.txt): the real NFS-e of
// fixtures/nfse-real/nfse/ and a seeded invoice whose taker withholds the ISS, issued as the
// Sefin stand-in issues it, print the model's header, labels and figures, on one page whose
// every text box fits it.

const real = (name: string) =>
  readFileSync(path.join(__dirname, '../../fixtures/nfse-real/nfse', name), 'utf8')
const homologation = real('nfse_rj_3304557_prodrestrita_corporator_from_post_response.xml')
const production = real('nfse_rj_3304557_producao_corporator_nfse1.xml')

const municipalityName = (code: string | null) => municipalityLabel(code) ?? code ?? '-'
const render = (
  xml: string,
  cancellation: Parameters<typeof danfsePdf>[0]['cancellation'] = null,
  substituted = false,
) => {
  const nfse = readNfse(xml)
  return danfsePdf({
    nfse,
    municipalityName,
    consultationUrl: `https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=${nfse.accessKey}`,
    cancellation,
    substituted,
  })
}

/** Every text box of every page: its edges, and the page's size. */
async function textBoxes(bytes: Uint8Array) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise
  const boxes: {
    text: string
    left: number
    right: number
    bottom: number
    width: number
    height: number
    /** The font's size and its angle in degrees (from the text matrix). */
    size: number
    angle: number
  }[] = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n)
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || !item.str.trim()) continue
      boxes.push({
        text: item.str,
        left: item.transform[4],
        right: item.transform[4] + item.width,
        bottom: item.transform[5],
        width: page.view[2]!,
        height: page.view[3]!,
        size: Math.hypot(item.transform[0], item.transform[1]),
        angle: (Math.atan2(item.transform[1], item.transform[0]) * 180) / Math.PI,
      })
    }
  }
  return { pages: pdf.numPages, boxes }
}

/** The labels NT 008 gives every DANFSe (items 2.1 and 2.4.5). */
const MODEL_LABELS = [
  'DANFSe v2.0',
  'Documento Auxiliar da NFS-e',
  'CHAVE DE ACESSO DA NFS-e',
  'NÚMERO DA NFS-e',
  'COMPETÊNCIA DA NFS-e',
  'DATA E HORA DA EMISSÃO DA NFS-e',
  'NÚMERO DA DPS',
  'SÉRIE DA DPS',
  'DATA E HORA DA EMISSÃO DA DPS',
  'EMITENTE DA NFS-e',
  'SITUAÇÃO DA NFS-e',
  'FINALIDADE',
  'PRESTADOR / FORNECEDOR',
  'Indicador Municipal (Inscrição)',
  'Telefone',
  'Nome / Nome Empresarial',
  'Município / Sigla UF',
  'Código IBGE / CEP',
  'Simples Nacional na Data de Competência',
  'Regime de Apuração Tributária pelo SN',
  'TOMADOR / ADQUIRENTE',
  'DESTINATÁRIO DA OPERAÇÃO NÃO IDENTIFICADO NA NFS-e',
  'INTERMEDIÁRIO DA OPERAÇÃO NÃO IDENTIFICADO NA NFS-e',
  'SERVIÇO PRESTADO',
  'Código de Tributação Nacional / Municipal',
  'Local da Prestação / Sigla UF / País',
  'Descrição do Serviço',
  'TRIBUTAÇÃO MUNICIPAL (ISSQN)',
  'Tipo de Tributação do ISSQN',
  'Município / Sigla UF / País de Incidência do ISSQN',
  'Regime Especial de Tributação do ISSQN',
  'BC ISSQN',
  'Alíquota Aplicada',
  'Retenção do ISSQN',
  'ISSQN Apurado',
  'TRIBUTAÇÃO FEDERAL (EXCETO CBS)',
  'IRRF',
  'Contribuição Previdenciária – Retida',
  'Contribuições Sociais – Retidas',
  'VALOR TOTAL DA NFS-E',
  'Valor da Operação / Serviço',
  'Total das Retenções (ISSQN / Federais)',
  'Valor Líquido da NFS-e',
  'INFORMAÇÕES COMPLEMENTARES',
  'Totais Aproximados dos Tributos cfe. Lei nº 12.741/2012',
]

describe('the DANFSe of a real NFS-e', () => {
  it('prints the model of NT 008 with the values of the XML (homologation)', async () => {
    const text = await pdfText(await render(homologation))
    for (const label of MODEL_LABELS) expect(text, label).toContain(label)
    expect(text).toContain('NFS-e SEM VALIDADE JURÍDICA')
    expect(text).not.toContain('SEM VALOR FISCAL')
    // The header: the emitting municipality, the generating system, the environment.
    expect(text).toContain('Município: Rio de Janeiro / RJ')
    expect(text).toContain('Ambiente gerador: Sistema Nacional da NFS-e')
    expect(text).toContain('Tipo de ambiente: Homologação')
    expect(text).toContain('33045572207851803000107000000000000126012138651922')
    expect(text).toContain('NFS-e Gerada')
    // The provider's phone (its `fone`) and its CNPJ; the taker's name and address.
    expect(text).toContain('(21) 2224-7445')
    expect(text).toContain('07.851.803/0001-07')
    expect(text).toContain('APOS- FURNAS/Associacao dos Aposentados de Furnas')
    expect(text).toContain('3304557 / 22281-100')
    expect(text).toContain('01.07.01 / 003')
    expect(text).toContain('Manutenção de programa de computação e/ou banco de dados.')
    expect(text).toContain('Operação Tributável')
    expect(text).toContain('Rio de Janeiro / RJ / BR')
    expect(text).toContain('Não Retido')
    expect(text).toContain('R$ 1.560,56')
    expect(text).toContain('Simples Nacional: 5%')
  })

  it('has no "SEM VALIDADE JURÍDICA" in production', async () => {
    const text = await pdfText(await render(production))
    expect(text).toContain('Tipo de ambiente: Produção')
    expect(text).not.toContain('SEM VALIDADE JURÍDICA')
    expect(text).toContain('33045572207851803000107000000000000126011011097452')
  })

  it('is one page, and every text box fits it', async () => {
    for (const xml of [homologation, production]) {
      const cancelled = await render(xml, {
        at: '2026-01-08T12:00:00.000Z',
        reason: 'Serviço cobrado em duplicidade no mesmo mês '.repeat(5),
        codeLabel: 'Erro na emissão',
      })
      const { pages, boxes } = await textBoxes(cancelled)
      expect(pages).toBe(1)
      expect(boxes.length).toBeGreaterThan(80)
      for (const box of boxes.filter((b) => b.text !== 'CANCELADA')) {
        expect(box.left, box.text).toBeGreaterThanOrEqual(0)
        expect(box.right, box.text).toBeLessThanOrEqual(box.width)
        expect(box.bottom, box.text).toBeGreaterThan(0)
      }
    }
  })
})

describe('the marks of NT 008 item 2.5', () => {
  /** The watermark's box: diagonal, at least 50 points, its whole run inside the page. */
  async function watermark(bytes: Uint8Array, word: string) {
    const { boxes } = await textBoxes(bytes)
    const mark = boxes.find((box) => box.text === word)
    expect(mark, word).toBeDefined()
    const radians = (mark!.angle * Math.PI) / 180
    const run = mark!.right - mark!.left // pdf.js gives the run's length along its direction
    return {
      ...mark!,
      end: { x: mark!.left + run * Math.cos(radians), y: mark!.bottom + run * Math.sin(radians) },
    }
  }

  it('a substituted NFS-e carries "SUBSTITUÍDA" across the page, the rest unchanged', async () => {
    const bytes = await render(homologation, null, true)
    const text = await pdfText(bytes)
    expect(text).toContain('SUBSTITUÍDA')
    expect(text).not.toContain('CANCELADA')
    for (const label of MODEL_LABELS) expect(text, label).toContain(label)
    const mark = await watermark(bytes, 'SUBSTITUÍDA')
    expect(mark.size).toBeGreaterThanOrEqual(50)
    expect(mark.angle).toBeCloseTo(35, 0)
    for (const point of [{ x: mark.left, y: mark.bottom }, mark.end]) {
      expect(point.x).toBeGreaterThan(0)
      expect(point.x).toBeLessThan(mark.width)
      expect(point.y).toBeGreaterThan(0)
      expect(point.y).toBeLessThan(mark.height)
    }
  })

  it('a cancelled NFS-e carries "CANCELADA" and no "SUBSTITUÍDA"; an issued one neither', async () => {
    const cancelled = await render(homologation, {
      at: '2026-01-08T12:00:00.000Z',
      reason: 'Serviço cobrado em duplicidade no mesmo mês',
      codeLabel: 'Erro na emissão',
    })
    const text = await pdfText(cancelled)
    expect(text).toContain('CANCELADA')
    expect(text).not.toContain('SUBSTITUÍDA')
    expect((await watermark(cancelled, 'CANCELADA')).size).toBeGreaterThanOrEqual(50)
    const issued = await pdfText(await render(homologation))
    expect(issued).not.toContain('SUBSTITUÍDA')
    expect(issued).not.toContain('CANCELADA')
  })
})

describe('the DANFSe of a seeded invoice whose taker withholds the ISS', () => {
  let dir: string
  let store: Store
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'contabil-danfse-unit-'))
    store = new Store(path.join(dir, 'contabil.db'), () => buildSeed(), { log: () => {} })
    attachRegistry(store, standInRegistry(store))
  }, 120_000)
  afterAll(async () => {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  /** The NFS-e the stand-in would issue for it (its values: nationalValues). */
  function issued() {
    const request = store.nfsRequests
      .all()
      .find((r) => r.companyId === 'cmp-ana-design' && r.issWithheld && r.taker)!
    const company = store.companies.get(request.companyId)!
    const dps = buildDps(dpsInputOf(store, request, company, '1', 7, new Date(request.issuedAt!)))
    const facts = readDps(dps.xml)
    const values = nationalValues(facts)
    const xml = buildNfse({
      accessKey: '35503082245218739000102000000000000126115803924761',
      number: 7,
      documentNumber: 7,
      processedAt: new Date(request.issuedAt!),
      issuingMunicipality: cityName(facts.issuingMunicipality),
      servicePlace: cityName(facts.servicePlace ?? facts.issuingMunicipality),
      incidence: incidenceOf(facts),
      taxationDescription: 'Serviço de teste',
      status: '100',
      emitter: {
        cnpj: company.cnpj!,
        name: company.name,
        address: company.address!,
        municipalityCode: facts.issuingMunicipality,
        phone: null,
      },
      values,
      signedDps: dps.xml,
    })
    return { request, values, xml }
  }

  it('prints the ISS withheld: base, rate, amount, "Retido pelo Tomador", total withheld, net', async () => {
    const { request, values, xml } = issued()
    expect(values.iss).not.toBeNull()
    expect(values.totalWithheld).toBeGreaterThan(0)
    expect(values.net).toBeCloseTo(request.totalValue - values.totalWithheld, 2)
    const money = (value: number) =>
      `R$ ${value.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
    const text = (await pdfText(await render(xml))).replace(/\s+/g, ' ')
    for (const label of MODEL_LABELS) expect(text, label).toContain(label)
    expect(text).toContain('NFS-e SEM VALIDADE JURÍDICA')
    expect(text).toContain('Retido pelo Tomador')
    expect(text).not.toMatch(/Recolhido no/)
    expect(text).toContain(`BC ISSQN ${money(values.iss!.base)}`)
    expect(text).toContain(`Alíquota Aplicada ${values.iss!.rate.toFixed(2).replace('.', ',')}%`)
    expect(text).toContain(`ISSQN Apurado ${money(values.iss!.amount)}`)
    expect(text).toContain(`Total das Retenções (ISSQN / Federais) ${money(values.totalWithheld)}`)
    expect(text).toContain(`Valor Líquido da NFS-e ${money(values.net)}`)
    expect(text).toContain(`Valor da Operação / Serviço ${money(request.totalValue)}`)
  })

  // The IBS/CBS of layout 1.01 of 27/07/2026 (fixtures/reference/nfse-v1.01-20260727/): the DPS's
  // IBSCBS (operation indicator, CST, cClassTrib) and the NFS-e's (what the system computed),
  // added to the NFS-e above with the rates of 2026 (IBS 0,1 % of the state, CBS 0,9 %) on the
  // base less the ISSQN. The rows and labels of NT 008 item 2.4.5, the values of the XML.
  it('prints the IBS/CBS block of item 2.1.10 and the totals with IBS/CBS when the NFS-e has them', async () => {
    const { values, xml } = issued()
    const cents = (value: number) => Math.round(value * 100)
    const base =
      (cents(Number(values.net)) + cents(values.totalWithheld) - cents(values.iss!.amount)) / 100
    const ibsState = Math.round(base * 0.1) / 100
    const cbs = Math.round(base * 0.9) / 100
    const fixed = (value: number) => value.toFixed(2)
    const net = Number(values.net)
    const totalWithIbsCbs = (cents(net) + cents(ibsState) + cents(cbs)) / 100
    const nfseGroup =
      `<IBSCBS><cLocalidadeIncid>3550308</cLocalidadeIncid><xLocalidadeIncid>São Paulo</xLocalidadeIncid>` +
      `<valores><vBC>${fixed(base)}</vBC><uf><pIBSUF>0.10</pIBSUF><pAliqEfetUF>0.10</pAliqEfetUF></uf>` +
      `<mun><pIBSMun>0</pIBSMun><pAliqEfetMun>0</pAliqEfetMun></mun>` +
      `<fed><pCBS>0.90</pCBS><pRedAliqCBS>0</pRedAliqCBS><pAliqEfetCBS>0.90</pAliqEfetCBS></fed></valores>` +
      `<totCIBS><vTotNF>${fixed(totalWithIbsCbs)}</vTotNF><gIBS><vIBSTot>${fixed(ibsState)}</vIBSTot>` +
      `<gIBSUFTot><vIBSUF>${fixed(ibsState)}</vIBSUF></gIBSUFTot><gIBSMunTot><vIBSMun>0.00</vIBSMun></gIBSMunTot></gIBS>` +
      `<gCBS><vCBS>${fixed(cbs)}</vCBS></gCBS></totCIBS></IBSCBS>`
    const dpsGroup =
      '<IBSCBS><finNFSe>0</finNFSe><cIndOp>030101</cIndOp><indDest>0</indDest>' +
      '<valores><trib><gIBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib></gIBSCBS></trib></valores></IBSCBS>'
    const withIbsCbs = xml
      .replace(/(<\/valores>)(\s*<DPS[\s>])/, `$1${nfseGroup}$2`)
      .replace('</infDPS>', `${dpsGroup}</infDPS>`)
    expect(withIbsCbs).not.toBe(xml)
    // The groups are where and as the national schema wants them: they add no error to the
    // unsigned NFS-e's (whose only one is the Sefin's signature, added when it is issued).
    expect(validateAgainst('NFSe', withIbsCbs)).toEqual(validateAgainst('NFSe', xml))
    expect(validateAgainst('NFSe', xml)).toHaveLength(1)

    const money = (value: number) =>
      `R$ ${value.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
    const text = (await pdfText(await render(withIbsCbs))).replace(/\s+/g, ' ')
    expect(text).toContain('TRIBUTAÇÃO IBS / CBS')
    expect(text).toContain('CST / cClassTrib 000 / 000001')
    expect(text).toContain(
      'Indicador de Operação / Código IBGE Incidência / Município Incidência / Sigla UF 030101 / 3550308 / São Paulo / SP',
    )
    // Its note: the unconditional discount, refunds, ISSQN, PIS and COFINS summed (here the ISSQN).
    expect(text).toContain(`Exclusões e Reduções da Base de Cálculo ${money(values.iss!.amount)}`)
    expect(text).toContain(`Base de Cálculo Após Exclusões e Reduções ${money(base)}`)
    expect(text).toContain('Red. Alíquota IBS / Red. Alíquota CBS - / - / 0%')
    expect(text).toContain('Alíquota – IBS UF / IBS Mun 0,10% / 0%')
    expect(text).toContain('Alíq. Efetiva Municipal – IBS 0%')
    expect(text).toContain(`Valor Apurado Municipal – IBS ${money(0)}`)
    expect(text).toContain('Alíq. Efetiva Estadual – IBS 0,10%')
    expect(text).toContain(`Valor Apurado Estadual – IBS ${money(ibsState)}`)
    expect(text).toContain(`Valor Total Apurado – IBS ${money(ibsState)}`)
    expect(text).toContain('Alíquota – CBS 0,90%')
    expect(text).toContain('Alíquota Efetiva – CBS 0,90%')
    expect(text).toContain(`Valor Total Apurado – CBS ${money(cbs)}`)
    expect(text).toContain(`Total do IBS/CBS ${money(ibsState + cbs)}`)
    expect(text).toContain(`Valor Líquido da NFS-e + IBS/CBS ${money(totalWithIbsCbs)}`)
    // Still one page, every box inside it.
    const { pages, boxes } = await textBoxes(await render(withIbsCbs))
    expect(pages).toBe(1)
    for (const box of boxes) {
      expect(box.left, box.text).toBeGreaterThanOrEqual(0)
      expect(box.right, box.text).toBeLessThanOrEqual(box.width)
      expect(box.bottom, box.text).toBeGreaterThanOrEqual(0)
    }

    // Without the group: no block, and the totals' IBS/CBS fields are "-".
    const plain = (await pdfText(await render(xml))).replace(/\s+/g, ' ')
    expect(plain).not.toContain('TRIBUTAÇÃO IBS / CBS')
    expect(plain).toContain('Total do IBS/CBS - Valor Líquido da NFS-e + IBS/CBS -')
  })
})
