/** The Partner API's failure sentences live in the shared contract, so the renderer shows the same words. */
export { failureWords, noAnswerWords } from '../../src-preload/contract/failure-words';
