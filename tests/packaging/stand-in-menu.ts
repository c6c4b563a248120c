/**
 * Electron's `Menu` as the packaged main uses it, for the stand-in `electron` (electron-stand-in.ts):
 * every application menu main sets is recorded (labels, roles, accelerators), and the boot test can
 * click an item of the current one by its labels.
 */

export interface MenuItemRecord {
  label?: string;
  role?: string;
  accelerator?: string;
  submenu?: MenuItemRecord[];
}

type MenuTemplateItem = MenuItemRecord & { click?: () => void; submenu?: MenuTemplateItem[]; type?: string };

const serialiseMenu = (items: MenuTemplateItem[]): MenuItemRecord[] =>
  items.map((i) => ({
    ...(i.label !== undefined ? { label: i.label } : {}),
    ...(i.role !== undefined ? { role: i.role } : {}),
    ...(i.accelerator !== undefined ? { accelerator: i.accelerator } : {}),
    ...(i.type === 'separator' ? { role: 'separator' } : {}),
    ...(i.submenu ? { submenu: serialiseMenu(i.submenu) } : {}),
  }));

export function standInMenu(recording: { menus: MenuItemRecord[][] }) {
  let current: MenuTemplateItem[] = [];
  return {
    Menu: {
      buildFromTemplate: (template: MenuTemplateItem[]) => ({ template }),
      setApplicationMenu: (menu: { template: MenuTemplateItem[] } | null) => {
        current = menu?.template ?? [];
        recording.menus.push(serialiseMenu(current));
      },
    },
    /** Clicks a menu item given by its labels, e.g. ['Help', 'About PlanDesk']. */
    click(labels: string[]): void {
      let items = current;
      let item: MenuTemplateItem | undefined;
      for (const label of labels) {
        item = items.find((i) => i.label === label);
        if (!item) throw new Error(`no menu item "${label}" in ${JSON.stringify(serialiseMenu(items))}`);
        items = item.submenu ?? [];
      }
      if (!item?.click) throw new Error(`menu item ${labels.join(' › ')} does nothing`);
      item.click();
    },
  };
}
