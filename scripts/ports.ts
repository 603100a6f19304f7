import net from 'node:net'

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })

/** A port from which `count` consecutive ports are free (the emulator uses port, port+1, port+2). */
export async function freePortBlock(
  count: number,
  from = 20_000 + Math.floor(Math.random() * 20_000),
): Promise<number> {
  for (let port = from; port < 65_000; port += count + 1) {
    let ok = true
    for (let i = 0; i < count && ok; i++) ok = await isFree(port + i)
    if (ok) return port
  }
  throw new Error('no free ports')
}
