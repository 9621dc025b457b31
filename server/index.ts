import { loadConfig } from './config'
import { startServer } from './app'

const config = loadConfig()
const running = await startServer(config)
console.log(
  JSON.stringify({
    time: new Date().toISOString(),
    level: 'info',
    msg: `Licensing portal listening on ${config.publicUrl}`,
    environment: config.environment,
  }),
)

let stopping = false
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (stopping) return
    stopping = true
    await running.close()
    process.exit(0)
  })
}
