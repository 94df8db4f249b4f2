import { z } from 'zod';
import { requiredText } from './common';

export interface RoleView {
  roleId: number;
  roleKey: string;
  roleName: string;
}

export interface MenuView {
  menuId: number;
  parentId: number;
  /** A stable i18n key, e.g. `menu.doctorRegister.fill`. */
  menuName: string;
  path: string;
  component: string | null;
  menuType: 'M' | 'C' | 'F';
  perms: string | null;
  /** '0' shown, '1' hidden (RuoYi). */
  visible: '0' | '1';
  orderNum: number;
  icon: string | null;
  /** '0' cached, '1' not cached (RuoYi). */
  isCache: '0' | '1';
}

/** POST /mucgrs-service/system/user/getUserInfo: the session user of spec section 3. */
export interface SessionUserView {
  loginName: string;
  userName: string;
  userId: number;
  deptId: number | null;
  sex: string | null;
  avatar: string;
  introduction: string;
  /** Masked: the full number never leaves the server after registration. */
  idNumber: string | null;
  userRegisterType: number | null;
  /**
   * Present (true) while the account signed in with a one-time password someone else chose: it must
   * choose its own before anything else, and is sent no menus until then.
   */
  passwordChangeDue?: true;
  registerNo?: string;
  candidateNo?: string;
  roles: RoleView[];
  sysMenuList: MenuView[];
  systemDict: { recruitYear: string; registerType: number | null; [key: string]: unknown };
  summerCampDict: Record<string, string>;
}

/** POST /mucgrs-service/system/user/switchRole: changes the active role among roles the user holds. */
export const switchRoleRequest = z.object({ roleKey: requiredText(64) });
export type SwitchRoleRequest = z.input<typeof switchRoleRequest>;
