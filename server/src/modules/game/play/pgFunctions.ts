import { createHash } from 'node:crypto';
import { BOUNTY_BUCKET_WIDTH, BOUNTY_PER_SCORE, HONOR_COND, HONOR_ROUNDS, PLAY_ID_BLOCK, SCORE_CHANGE, TASK, TASK_CYCLE, tierSqlText } from '../rules.js';

/**
 * PostgreSQL: the play calls' transaction as database functions (pgPlay.ts calls them), so a sign-in is ONE round
 * trip instead of about ten. They do what the TypeScript play path does on SQLite and MariaDB (signIn.ts, tasks.ts,
 * honors.ts, score/ledger.ts, score/boardCounts.ts), statement for statement; play.inDatabase.test.ts holds the two
 * paths to each other. Their constants and the tier lookup are written in from rules.ts, the one source both paths
 * read: nothing here is a literal of a rule.
 *
 * Installed by the seed part `game-play-functions:{hash}` (db/seed/index.ts, PostgreSQL only): a changed text has a
 * new hash, so the next start replaces the functions (`create or replace`) under the start lock. Migration 0026
 * created their first version and the state type `pk_play_state`.
 *
 * - `pk_play_id(block, k)`: the k-th id of a block of ids the caller took (core/id.ts newIdBlock), written as newId
 *   writes one; at most PLAY_ID_BLOCK per call.
 * - `pk_play_earn`: a ledger change of kind earn (delta > 0): the balance UPDATE with the tier of the new total, the
 *   player's ship, the history row (ledger.ts applyScoreChange).
 * - `pk_play_grant_honor`: an honor granted once, with its reward (honors.ts grantHonor).
 * - `pk_play_finish`: the tasks of the action's type moved, completed and paid; the honors the player now meets
 *   (transaction.ts finish: tasks.ts progressTasks, honors.ts checkHonors).
 * - `pk_play_move_counts`: the live board's per-value and per-range counts follow one player's bounty, in the shard
 *   the caller picked (boardCounts.ts moveBountyCount).
 * - `pk_play_sign_in`: a whole sign-in (signIn.ts): the player's score row made if missing and locked, the sign-in
 *   inserted once per reservation, player and place, its score, finish, the counts; it answers the result.
 *
 * A function runs in its caller's transaction; called alone, it is one statement of its own transaction. Every value
 * is a parameter.
 */

export const PLAY_FUNCTIONS: readonly string[] = [
  `create or replace function pk_play_id(p_block bigint, p_k integer) returns varchar
   language plpgsql immutable as $$
   begin
     if p_k >= ${PLAY_ID_BLOCK} then raise exception 'pk_play_id: more than ${PLAY_ID_BLOCK} rows in one play call'; end if;
     return lpad((p_block + p_k)::text, 19, '1');
   end $$`,

  `create or replace function pk_play_earn(
     inout st pk_play_state, p_user varchar, p_delta integer, p_bounty bigint, p_type integer,
     p_biz_type varchar, p_biz_id varchar, p_remark varchar, p_by varchar, p_time timestamp)
   language plpgsql as $$
   declare
     v_total integer; v_available integer; v_bounty bigint; v_ship varchar;
   begin
     update pirate_score s set
       rank_id = ${tierSqlText('id', '(s.total_score + p_delta)')},
       available_score = s.available_score + p_delta,
       total_score = s.total_score + p_delta,
       bounty = s.bounty + p_bounty,
       last_change_time = p_time, update_time = p_time, update_by = p_by
     where s.user_id = p_user and s.available_score + p_delta >= 0
     returning s.total_score, s.available_score, s.bounty, (select u.ship_id from book_user u where u.id = s.user_id)
     into v_total, v_available, v_bounty, v_ship;
     if not found then raise exception 'pk_play_earn: no score row for %', p_user; end if;
     if v_ship is not null then
       update pirate_ship set total_score = total_score + p_delta, bounty = bounty + p_bounty, update_time = p_time
       where id = v_ship;
     end if;
     insert into user_score_history (id, user_id, change_type, change_score, change_bounty, before_score, after_score,
                                     biz_type, biz_id, remark, create_by, create_time)
     values (pk_play_id(st.id_block, st.id_next), p_user, p_type, p_delta, p_bounty, v_available - p_delta, v_available,
             p_biz_type, p_biz_id, p_remark, p_by, p_time);
     st.id_next := st.id_next + 1;
     if p_bounty <> 0 then
       if st.bounty_from is null then st.bounty_from := v_bounty - p_bounty; end if;
       st.bounty_to := v_bounty;
     end if;
   end $$`,

  `create or replace function pk_play_grant_honor(
     inout st pk_play_state, p_user varchar, p_honor varchar, p_biz varchar, p_by varchar, p_time timestamp)
   language plpgsql as $$
   declare
     h record; v_id varchar;
   begin
     select id, honor_name, reward_score, status into h from honor where id = p_honor;
     if not found or coalesce(h.status, 0) <> 1 then return; end if;
     v_id := pk_play_id(st.id_block, st.id_next);
     st.id_next := st.id_next + 1;
     insert into user_honor (id, user_id, honor_id, obtain_time, source, biz_id, is_wear, create_by, create_time)
     values (v_id, p_user, p_honor, p_time, 1, p_biz, 0, p_by, p_time)
     on conflict do nothing;
     if not found then return; end if;
     st.honors := st.honors || coalesce(h.honor_name, p_honor)::text;
     if coalesce(h.reward_score, 0) > 0 then
       st := pk_play_earn(st, p_user, h.reward_score, h.reward_score::bigint * ${BOUNTY_PER_SCORE}, ${SCORE_CHANGE.honorReward}, 'user_honor', v_id, h.honor_name, p_by, p_time);
     end if;
   end $$`,

  `create or replace function pk_play_finish(
     inout st pk_play_state, p_user varchar, p_reservation varchar, p_ship varchar, p_task_type integer, p_target varchar,
     p_by varchar, p_time timestamp, p_day varchar, p_week varchar)
   language plpgsql as $$
   declare
     t record; h record; v_key varchar; v_target integer; v_reward integer; v_record varchar; v_before integer; v_met boolean;
   begin
     if p_task_type is not null then
       for t in
         select id, task_name, target_count, cycle, reward_score, reward_bounty, reward_honor_id from activity_task
         where task_type = p_task_type and status = 1
           and (target_id is null or target_id = '' or target_id = p_target)
           and (start_time is null or start_time <= p_time) and (end_time is null or end_time >= p_time)
         order by id
       loop
         v_key := case coalesce(t.cycle, ${TASK_CYCLE.once}) when ${TASK_CYCLE.daily} then p_day when ${TASK_CYCLE.weekly} then p_week
                     when ${TASK_CYCLE.perReservation} then p_reservation else 'once' end;
         v_target := greatest(1, coalesce(t.target_count, 1));
         v_reward := coalesce(t.reward_score, 0);
         insert into user_task_record as r (id, user_id, task_id, ship_id, cycle_key, target_count, status, reward_score,
                                            create_by, create_time, progress, update_time, update_by)
         values (pk_play_id(st.id_block, st.id_next), p_user, t.id, p_ship, v_key, v_target, 0, 0, p_by, p_time, 1, p_time, p_by)
         on conflict (user_id, task_id, cycle_key) do update set progress = r.progress + 1, update_time = p_time, update_by = p_by
           where r.status = 0 and r.progress < v_target
         returning r.id into v_record;
         st.id_next := st.id_next + 1;
         continue when v_record is null;
         update user_task_record set status = 1, complete_time = p_time, reward_time = p_time, reward_score = v_reward
         where id = v_record and status = 0 and progress >= v_target;
         continue when not found;
         st.tasks := st.tasks || coalesce(t.task_name, t.id)::text;
         if v_reward > 0 then
           st := pk_play_earn(st, p_user, v_reward, v_reward::bigint * ${BOUNTY_PER_SCORE} + coalesce(t.reward_bounty, 0), ${SCORE_CHANGE.taskReward},
                              'user_task_record', v_record, t.task_name, p_by, p_time);
         end if;
         if coalesce(t.reward_honor_id, '') <> '' then
           st := pk_play_grant_honor(st, p_user, t.reward_honor_id, v_record, p_by, p_time);
         end if;
       end loop;
     end if;
     -- an honor's reward raises the total score, which may meet another total-score honor: a few rounds at most
     for round in 1..${HONOR_ROUNDS} loop
       v_before := coalesce(cardinality(st.honors), 0);
       v_met := false;
       for h in
         select id from honor
         where status = 1 and condition_type in (${Object.values(HONOR_COND).join(', ')})
           and not exists (select 1 from user_honor uh where uh.honor_id = honor.id and uh.user_id = p_user)
           and coalesce(condition_value, 0) <= case condition_type
             when ${HONOR_COND.totalScore} then (select coalesce(max(ps.total_score), 0) from pirate_score ps where ps.user_id = p_user)
             when ${HONOR_COND.places} then (select count(distinct sp.sign_place_id) from user_sign_place sp where sp.user_id = p_user)
             when ${HONOR_COND.correct} then (select count(*) from user_question_record qr where qr.user_id = p_user and qr.is_correct = 1)
             when ${HONOR_COND.chests} then (select count(*) from user_treasure_chest tc where tc.user_id = p_user)
           end
         order by id
       loop
         v_met := true;
         st := pk_play_grant_honor(st, p_user, h.id, null, p_by, p_time);
       end loop;
       exit when not v_met or coalesce(cardinality(st.honors), 0) = v_before;
     end loop;
   end $$`,

  `create or replace function pk_play_move_counts(p_from bigint, p_to bigint, p_shard integer) returns void
   language plpgsql as $$
   declare
     v_from bigint; v_to bigint;
   begin
     if p_from is null or p_from = p_to then return; end if;
     -- in one shard: the old key's row −1, the new key's +1 (a missing row starts there), in ascending key order
     insert into pirate_bounty_count as c (bounty, shard, players)
     select k, p_shard, d from (values (p_from, -1), (p_to, 1)) x(k, d) where k > 0 order by k
     on conflict (bounty, shard) do update set players = c.players + excluded.players;
     v_from := case when p_from > 0 then p_from - p_from % ${BOUNTY_BUCKET_WIDTH} else -1 end;
     v_to := case when p_to > 0 then p_to - p_to % ${BOUNTY_BUCKET_WIDTH} else -1 end;
     if v_from <> v_to then
       insert into pirate_bounty_bucket as c (bucket, shard, players)
       select k, p_shard, d from (values (v_from, -1), (v_to, 1)) x(k, d) where k >= 0 order by k
       on conflict (bucket, shard) do update set players = c.players + excluded.players;
     end if;
   end $$`,

  `create or replace function pk_play_sign_in(
     p_ids bigint, p_user varchar, p_reservation varchar, p_ship varchar, p_bracelet varchar, p_place varchar,
     p_place_name varchar, p_method integer, p_score integer, p_by varchar, p_time timestamp, p_day varchar, p_week varchar,
     p_shard integer)
   returns table (repeated boolean, score_gained integer, total_score integer, available_score integer, rank_name varchar,
                  honors text[], tasks text[])
   language plpgsql as $$
   #variable_conflict use_column
   declare
     st pk_play_state := row(p_ids, 2, array[]::text[], array[]::text[], null, null)::pk_play_state;
     v_id varchar := pk_play_id(p_ids, 1);
   begin
     -- the player's score row, made if missing and locked: one player's calls run one after the other
     insert into pirate_score (id, user_id, total_score, available_score, used_score, bounty, create_time)
     values (pk_play_id(p_ids, 0), p_user, 0, 0, 0, 0, p_time)
     on conflict (user_id) do nothing;
     perform 1 from pirate_score where user_id = p_user for update;
     insert into user_sign_place (id, user_id, ship_id, reservation_id, sign_place_id, bracelet_id, sign_time, sign_method,
                                  score_gained, status, create_by, create_time)
     values (v_id, p_user, p_ship, p_reservation, p_place, p_bracelet, p_time, p_method, p_score, 1, p_by, p_time)
     on conflict do nothing;
     if not found then
       -- a repeat: the stored result, nothing scored
       return query
       select true, coalesce((select sp.score_gained from user_sign_place sp
                              where sp.reservation_id = p_reservation and sp.user_id = p_user and sp.sign_place_id = p_place), 0),
              s.total_score, s.available_score, ${tierSqlText('rank_name', 's.total_score')}, array[]::text[], array[]::text[]
       from pirate_score s where s.user_id = p_user;
       return;
     end if;
     if p_score > 0 then
       st := pk_play_earn(st, p_user, p_score, p_score::bigint * ${BOUNTY_PER_SCORE}, ${SCORE_CHANGE.signIn}, 'user_sign_place', v_id, p_place_name, p_by, p_time);
     end if;
     st := pk_play_finish(st, p_user, p_reservation, p_ship, ${TASK.signIn}, p_place, p_by, p_time, p_day, p_week);
     perform pk_play_move_counts(st.bounty_from, st.bounty_to, p_shard);
     return query
     select false, p_score, s.total_score, s.available_score, ${tierSqlText('rank_name', 's.total_score')}, st.honors, st.tasks
     from pirate_score s where s.user_id = p_user;
   end $$`,
];

/** The seed part that installs this text (a new text, a new part). */
export const PLAY_FUNCTIONS_PART = `game-play-functions:${createHash('sha256').update(PLAY_FUNCTIONS.join('\n')).digest('hex').slice(0, 16)}`;
