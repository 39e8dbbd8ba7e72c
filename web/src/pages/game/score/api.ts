/** The 海盗积分 screen's own calls (issue 13 point 6): the admin adjustment. */
import type { ScoreAdjustBody } from '@pk/contract';
import { http } from '../../../api/request';

export const adjustScore = (body: ScoreAdjustBody) => http.post<unknown>('/score/pirateScore/adjust', body);
