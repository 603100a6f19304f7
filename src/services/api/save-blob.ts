/** Saves a file the app holds in memory under a name (the browser's download). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = fileName
  anchor.style.display = 'none'
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
  // The download has the bytes once the click is handled; the URL can go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
