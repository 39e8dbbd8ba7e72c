/** Menu icon names of the server menu (ant-design-vue 1 names, e.g. `setting`, `dashboard`) → antd icons. */
import {
  AlertOutlined, ApartmentOutlined, ApiOutlined, AppstoreOutlined, AreaChartOutlined, BankOutlined, BarChartOutlined,
  BarsOutlined, BellOutlined, BookOutlined, CalendarOutlined, CheckCircleOutlined, CloudOutlined, ClusterOutlined,
  CodeOutlined, DashboardOutlined, DatabaseOutlined, DesktopOutlined, FileOutlined, FolderOutlined, FormOutlined,
  GiftOutlined, GlobalOutlined, HddOutlined, HomeOutlined, IdcardOutlined, LaptopOutlined, LineChartOutlined,
  LinkOutlined, LockOutlined, MailOutlined, MessageOutlined, MobileOutlined, NotificationOutlined, PieChartOutlined,
  ProfileOutlined, RocketOutlined, SafetyOutlined, SettingOutlined, ShopOutlined, ShoppingCartOutlined, SolutionOutlined,
  StarOutlined, TableOutlined, TagsOutlined, TeamOutlined, ToolOutlined, TrophyOutlined, UserOutlined, WalletOutlined,
  WarningOutlined, CompassOutlined, CrownOutlined, FlagOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

const ICONS: Record<string, ComponentType> = {
  alert: AlertOutlined, apartment: ApartmentOutlined, api: ApiOutlined, appstore: AppstoreOutlined,
  'area-chart': AreaChartOutlined, bank: BankOutlined, 'bar-chart': BarChartOutlined, bars: BarsOutlined,
  bell: BellOutlined, book: BookOutlined, calendar: CalendarOutlined, 'check-circle-o': CheckCircleOutlined,
  'check-circle': CheckCircleOutlined, cloud: CloudOutlined, cluster: ClusterOutlined, code: CodeOutlined,
  dashboard: DashboardOutlined, database: DatabaseOutlined, desktop: DesktopOutlined, file: FileOutlined,
  folder: FolderOutlined, form: FormOutlined, gift: GiftOutlined, global: GlobalOutlined, hdd: HddOutlined,
  home: HomeOutlined, idcard: IdcardOutlined, laptop: LaptopOutlined, 'line-chart': LineChartOutlined,
  link: LinkOutlined, lock: LockOutlined, mail: MailOutlined, message: MessageOutlined, mobile: MobileOutlined,
  notification: NotificationOutlined, 'pie-chart': PieChartOutlined, profile: ProfileOutlined, rocket: RocketOutlined,
  safety: SafetyOutlined, setting: SettingOutlined, shop: ShopOutlined, 'shopping-cart': ShoppingCartOutlined,
  solution: SolutionOutlined, star: StarOutlined, table: TableOutlined, tags: TagsOutlined, team: TeamOutlined,
  tool: ToolOutlined, trophy: TrophyOutlined, user: UserOutlined, wallet: WalletOutlined, warning: WarningOutlined,
  compass: CompassOutlined, crown: CrownOutlined, flag: FlagOutlined,
};

export function MenuIcon({ name }: { name?: string }) {
  if (!name) return null;
  const C = ICONS[name.replace(/Outlined$/, '').replace(/^icon-/, '')];
  return C ? <C /> : null;
}
