import { ResultPage } from './ResultPage';

/** `result/Success` (000 §2 result pages). */
export default function Success() {
  return <ResultPage kind="success" />;
}
