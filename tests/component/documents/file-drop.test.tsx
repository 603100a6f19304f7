import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FileDrop, checkFile, formatFileSize } from '@/ui/FileDrop'
import { MoneyField } from '@/ui/MoneyField'
import { documentFileRules } from '@/services/documents'
import { useState } from 'react'

const fileOf = (name: string, size: number, type = 'application/pdf') => {
  const file = new File(['x'], name, { type })
  Object.defineProperty(file, 'size', { value: size })
  return file
}

describe('FileDrop', () => {
  it('names the limit when a file is too big or of a kind it does not take', () => {
    expect(checkFile(fileOf('extrato.pdf', 11 * 1024 * 1024), documentFileRules)).toBe(
      'O arquivo "extrato.pdf" tem 11 MB: o limite é 10 MB.',
    )
    expect(checkFile(fileOf('planilha.xlsx', 2000), documentFileRules)).toBe(
      'O arquivo "planilha.xlsx" não é aceito: envie PDF, JPG, PNG, XML ou OFX.',
    )
    expect(checkFile(fileOf('vazio.pdf', 0), documentFileRules)).toBe(
      'O arquivo "vazio.pdf" está vazio.',
    )
    expect(checkFile(fileOf('FOTO.JPEG', 2000, 'image/jpeg'), documentFileRules)).toBeNull()
    expect(formatFileSize(1536)).toBe('1,5 KB')
  })

  it('refuses a dropped file before handing it on, and takes a good one from the button', async () => {
    const onFile = vi.fn()
    const user = userEvent.setup({ applyAccept: false })
    const { container } = render(
      <FileDrop label="Arquivo do documento" onFile={onFile} {...documentFileRules} />,
    )
    const zone = screen.getByRole('group', { name: 'Arquivo do documento' })
    expect(zone).toHaveAccessibleDescription('PDF, JPG, PNG, XML ou OFX, até 10 MB')
    fireEvent.drop(zone, { dataTransfer: { files: [fileOf('grande.pdf', 20 * 1024 * 1024)] } })
    expect(screen.getByRole('alert')).toHaveTextContent(
      'O arquivo "grande.pdf" tem 20 MB: o limite é 10 MB.',
    )
    expect(onFile).not.toHaveBeenCalled()

    const input = container.querySelector('input[type="file"]') as HTMLInputElement
    await user.upload(input, fileOf('contrato.pdf', 5000))
    expect(onFile).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('button', { name: 'Escolher arquivo' })).toBeEnabled()
  })

  it('tells the form to drop its earlier file when a new one is refused', () => {
    const onFile = vi.fn()
    const onRefuse = vi.fn()
    render(
      <FileDrop
        label="Arquivo"
        onFile={onFile}
        onRefuse={onRefuse}
        fileName="contrato.pdf"
        {...documentFileRules}
      />,
    )
    const zone = screen.getByRole('group', { name: 'Arquivo' })
    fireEvent.drop(zone, { dataTransfer: { files: [fileOf('planilha.xlsx', 2000)] } })
    expect(onRefuse).toHaveBeenCalledTimes(1)
    fireEvent.drop(zone, {
      dataTransfer: { files: [fileOf('a.pdf', 2000), fileOf('b.pdf', 2000)] },
    })
    expect(screen.getByRole('alert')).toHaveTextContent('Envie um arquivo por vez.')
    expect(onRefuse).toHaveBeenCalledTimes(2)
    expect(onFile).not.toHaveBeenCalled()
  })

  it('shows the progress of a sending and blocks another choice meanwhile', () => {
    render(
      <FileDrop
        label="Arquivo"
        onFile={() => {}}
        fileName="contrato.pdf"
        progress={0.42}
        {...documentFileRules}
      />,
    )
    expect(screen.getByRole('progressbar', { name: 'Enviando contrato.pdf' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    )
    expect(screen.getByRole('button', { name: 'Trocar arquivo' })).toBeDisabled()
  })
})

describe('MoneyField', () => {
  function Harness({ onValue }: { onValue: (value: number | null) => void }) {
    const [value, setValue] = useState<number | null>(null)
    return (
      <MoneyField
        label="Valor"
        value={value}
        onChange={(next) => {
          setValue(next)
          onValue(next)
        }}
      />
    )
  }

  it('writes R$ 1.234,56 and hands back the number', async () => {
    const onValue = vi.fn()
    const user = userEvent.setup()
    render(<Harness onValue={onValue} />)
    const input = screen.getByLabelText('Valor')
    await user.type(input, '1234,56')
    expect(input).toHaveValue('R$ 1.234,56')
    expect(onValue).toHaveBeenLastCalledWith(1234.56)
    await user.clear(input)
    expect(onValue).toHaveBeenLastCalledWith(null)
    await user.type(input, '0,5')
    expect(onValue).toHaveBeenLastCalledWith(0.5)
    // Written with its thousands dot, as pt-BR writes it (typed or pasted).
    await user.clear(input)
    await user.type(input, '1.234,56')
    expect(input).toHaveValue('R$ 1.234,56')
    expect(onValue).toHaveBeenLastCalledWith(1234.56)
    await user.clear(input)
    await user.click(input)
    await user.paste('12.345,67')
    expect(onValue).toHaveBeenLastCalledWith(12345.67)
  })
})
