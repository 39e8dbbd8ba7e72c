/**
 * The play calls (issue 13 point 5) as the routes, the demo seed and the tests import them. The calls live one per
 * file: signIn.ts, answer.ts, chest.ts; what they share in common.ts, player.ts, transaction.ts, tasks.ts, honors.ts.
 */
export { PLAY_MSG, type AnswerInput, type OpenChestInput, type PlayBy, type PlayerRef, type SignInInput } from './common.js';
export { resolvePlayer } from './player.js';
export { cycleKey, isoWeekKey } from './tasks.js';
export { recordSignIn } from './signIn.js';
export { isCorrect, recordAnswer } from './answer.js';
export { openChest } from './chest.js';
