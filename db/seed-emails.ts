import type { DemoStep } from './seed'

/** Demo data: outbox e-mails. */
export function emailsStep(): DemoStep {
  return {
    name: 'outbox e-mails',
    run: () => {},
  }
}
