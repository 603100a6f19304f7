import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react'
import { Button } from './Button'
import fieldStyles from './Field.module.css'
import styles from './FileDrop.module.css'

/** A kind of file a drop zone takes: its name for people and the extensions that make it. */
export type AcceptedFile = { label: string; extensions: readonly string[] }

export type FileRules = {
  accept: readonly AcceptedFile[]
  /** Largest size in bytes. */
  maxBytes: number
}

const sizeFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 })

/** `10 MB`, `512 KB`, `900 bytes` (1 MB = 1024 × 1024 bytes, as the server counts). */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${sizeFormat.format(bytes / (1024 * 1024))} MB`
  if (bytes >= 1024) return `${sizeFormat.format(bytes / 1024)} KB`
  return `${bytes} bytes`
}

const listOf = (labels: readonly string[]) =>
  labels.length <= 1
    ? (labels[0] ?? '')
    : `${labels.slice(0, -1).join(', ')} ou ${labels[labels.length - 1]}`

/** "PDF, JPG, PNG, XML ou OFX, até 10 MB" */
export const describeRules = ({ accept, maxBytes }: FileRules) =>
  `${listOf(accept.map((kind) => kind.label))}, até ${formatFileSize(maxBytes)}`

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
}

/**
 * Why a file cannot be sent (a pt-BR sentence naming the rule), or null when it can. Checked
 * before anything goes over the network.
 */
export function checkFile(file: File, rules: FileRules): string | null {
  const extension = extensionOf(file.name)
  const accepted = rules.accept.some((kind) => kind.extensions.includes(extension))
  if (!accepted)
    return `O arquivo "${file.name}" não é aceito: envie ${listOf(rules.accept.map((kind) => kind.label))}.`
  if (file.size === 0) return `O arquivo "${file.name}" está vazio.`
  if (file.size > rules.maxBytes)
    return `O arquivo "${file.name}" tem ${formatFileSize(file.size)}: o limite é ${formatFileSize(rules.maxBytes)}.`
  return null
}

export type FileDropProps = FileRules & {
  /** What the zone is for, e.g. "Arquivo do documento". */
  label: string
  /** Called with a file that passed the rules. */
  onFile: (file: File) => void
  /** The chosen file's name, shown in the zone. */
  fileName?: string | null
  /**
   * A file was refused (type, size, several at once): the form must drop the file it held, so
   * that sending never takes an earlier choice shown next to the refusal.
   */
  onRefuse?: () => void
  /** Upload progress from 0 to 1 while sending; null or undefined when idle. */
  progress?: number | null
  /** An error from outside (the server refused the file, say). */
  error?: string | null
  disabled?: boolean
  /** Text of the button; default "Escolher arquivo". */
  buttonLabel?: string
  hint?: ReactNode
}

/**
 * A drop zone with a button: drag a file onto it, or choose one with the button (keyboard and
 * screen readers use the button). The type and size are checked before `onFile` is called, and
 * a progress bar shows the sending.
 */
export function FileDrop({
  label,
  accept,
  maxBytes,
  onFile,
  onRefuse,
  fileName,
  progress,
  error,
  disabled = false,
  buttonLabel = 'Escolher arquivo',
  hint,
}: FileDropProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const rules = { accept, maxBytes }
  const sending = progress !== null && progress !== undefined
  const message = refusal ?? error ?? null

  function take(file: File | undefined) {
    if (!file) return
    const problem = checkFile(file, rules)
    setRefusal(problem)
    if (problem) onRefuse?.()
    else onFile(file)
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault()
    setDragging(false)
    if (disabled || sending) return
    const files = event.dataTransfer.files
    if (files.length > 1) {
      setRefusal('Envie um arquivo por vez.')
      onRefuse?.()
      return
    }
    take(files[0])
  }

  const percent = sending ? Math.round(Math.min(1, Math.max(0, progress)) * 100) : 0
  return (
    <div className={fieldStyles.field}>
      <span className={fieldStyles.label} id={`${id}-label`}>
        {label}
      </span>
      <div
        className={[
          styles.zone,
          dragging ? styles.dragging : '',
          message ? styles.invalid : '',
          disabled ? styles.disabled : '',
        ]
          .filter(Boolean)
          .join(' ')}
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-rules${message ? ` ${id}-error` : ''}`}
        onDragOver={(event) => {
          event.preventDefault()
          if (!disabled && !sending) setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <p className={styles.prompt}>
          {fileName ? (
            <strong className={styles.fileName}>{fileName}</strong>
          ) : (
            'Arraste o arquivo para cá ou'
          )}
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled || sending}
          onClick={() => input.current?.click()}
          aria-describedby={`${id}-rules`}
        >
          {fileName ? 'Trocar arquivo' : buttonLabel}
        </Button>
        <input
          ref={input}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          accept={accept.flatMap((kind) => kind.extensions.map((ext) => `.${ext}`)).join(',')}
          onChange={(event) => {
            take(event.target.files?.[0])
            // The same file chosen again after a refusal must fire a change again.
            event.target.value = ''
          }}
        />
        <span id={`${id}-rules`} className={styles.rules}>
          {hint ?? describeRules(rules)}
        </span>
        {sending && (
          <div className={styles.progress}>
            <div
              role="progressbar"
              aria-label={`Enviando ${fileName ?? 'arquivo'}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className={styles.track}
            >
              <div className={styles.bar} style={{ width: `${percent}%` }} />
            </div>
            <span aria-hidden="true">{percent}%</span>
          </div>
        )}
      </div>
      {message && (
        <span id={`${id}-error`} className={fieldStyles.error} role="alert">
          {message}
        </span>
      )}
    </div>
  )
}
