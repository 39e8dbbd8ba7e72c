import { ResultPage } from './ResultPage';

/** `result/Error`: the fail result page (000 §2 result pages). */
export default function ResultError() {
  return <ResultPage kind="fail" />;
}
