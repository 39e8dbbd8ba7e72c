/**
 * 图片素材 — menu component `game/PictureMaterialList` (issue 13 point 10): the generic list of the materials with a
 * preview of each image; size and dimensions are filled by the server from the uploaded file.
 */
import type { ReactNode } from 'react';
import { Image } from 'antd';
import { pictureMaterialEntity } from '@pk/contract';
import { ListPage, type ColumnOverrides } from '../../../crud';
import { imageUrl } from './imageUrl';

const COLUMNS: ColumnOverrides = {
  url: {
    title: '预览',
    width: 100,
    render: (v: unknown) => (imageUrl(v) ? <Image src={imageUrl(v)} width={64} height={40} style={{ objectFit: 'cover' }} /> : null),
  },
};

export default function PictureMaterialList(): ReactNode {
  return <ListPage entity={pictureMaterialEntity} columns={COLUMNS} />;
}
