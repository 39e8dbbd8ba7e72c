/** 海盗船 — menu component `game/PirateShipList` (issue 13): the ship list; its dialog holds the crew. */
import type { ReactNode } from 'react';
import { pirateShipEntity } from '@pk/contract';
import { ListPage } from '../../../crud';
import { ShipModal } from './ShipModal';

export default function PirateShipList(): ReactNode {
  return <ListPage entity={pirateShipEntity} renderForm={(props) => <ShipModal {...props} />} />;
}
