/**
 * `npm run eval:ask`: trains the question classifier on the corpus' training split, understands every
 * held-out question with the demo customer's names at a fixed day, and prints intent and entity
 * accuracy per intent and overall and the time a question takes. Exits 1 below 90 % intent accuracy.
 * `--threshold` also prints the cross-validated search for the unknown threshold.
 */
import { crossValidateThreshold, evaluateAsk } from '../app/ask/nlu/evaluate.server'
import { UNKNOWN_BELOW } from '../app/ask/nlu/understand.server'

const pct = (x: number) => `${(x * 100).toFixed(1)} %`

const report = await evaluateAsk()
console.log('intent                 n  intent   entities')
for (const f of report.perIntent) {
  console.log(
    `${f.intent.padEnd(21)} ${String(f.n).padStart(2)}  ${pct(f.intentRight / f.n).padStart(7)}  ${pct(f.entitiesRight / f.n).padStart(7)}`,
  )
}
console.log(
  `overall               ${report.n}  ${pct(report.intentAccuracy)}  ${pct(report.entityAccuracy)} (entities over answerable questions)`,
)
console.log(
  `training ${report.trainMs.toFixed(0)} ms; understand() p50 ${report.p50Ms.toFixed(2)} ms, p95 ${report.p95Ms.toFixed(2)} ms; unknown below ${UNKNOWN_BELOW}`,
)
if (report.misses.length > 0) {
  console.log('\nmisses:')
  for (const m of report.misses) console.log(`  ${m.id}: "${m.question}" -> ${m.got} ${JSON.stringify(m.entities)}`)
}
if (process.argv.includes('--threshold')) {
  console.log('\nunknown threshold, five-fold cross-validation on the training split:')
  for (const row of await crossValidateThreshold()) console.log(`  ${row.threshold.toFixed(2)}  ${pct(row.accuracy)}`)
}
process.exit(report.intentAccuracy >= 0.9 ? 0 : 1)
